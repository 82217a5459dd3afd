var m,Ae,Tn,D,pe,te,$e,Z,qe,ge,ce,Oe,K=Symbol.for("pv"),oe={},ae=[],In=/^m(i|n|o|s|text|space)$/,_e=Array.isArray,Ee=ae.slice,F=Object.assign;function H(e){e&&e.parentNode&&e.remove()}function ee(e,n,r,o,i){var a={type:e,props:n,key:r,ref:o,__k:null,__:null,__b:0,__e:null,__c:null,constructor:K,__v:i||++Ae,__i:-1,__u:0};return!i&&m.vnode&&m.vnode(a),a}function b(e){return e.children}function ne(e,n){this.props=e,this.context=n,this.__g=0}function L(e,n){if(n==null)return e.__&&L(e.__,e.__i+1);for(var r;n<e.__k.length;n++)if((r=e.__k[n])&&r.__e)return r.__e;return typeof e.type!="function"||e.props.__P?null:L(e)}function jn(e){var n,r=e.__v,o=r.__e,i=[],a=[],s=e.__P;s&&((n=F({constructor:K},r)).__v=r.__v+1,m.vnode&&m.vnode(n),ye(s,n,r,e.__n,s.namespaceURI,32&r.__u?[o]:null,i,o||L(r),32&r.__u,a),n.__v=r.__v,n.__.__k[n.__i]=n,De(i,n,a),r.__=r.__e=null,n.__e!=o&&Ne(n))}function Ne(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(n){return n&&(e.__e=n.__e)}),Ne(e)}function ue(e){(8&e.__g||(e.__g|=8,D.push(e),te++))&&pe==m.debounceRendering||((pe=m.debounceRendering)||queueMicrotask)(Te)}function Te(){try{for(var e,n=1;D.length;)D.length>n&&D.sort($e),e=D.shift(),n=D.length,8&e.__g&&jn(e)}finally{(te=D.length)&&(pe||queueMicrotask)(Te)}}function Ie(e,n,r,o,i,a,s,d,c,_,p){var u,g,l,y,P,h,v=o.__k||ae,f=n.length;for(c=zn(r,n,v,c,f),u=0;u<f;u++)(l=r.__k[u])!=null&&(g=~l.__i&&v[l.__i]||oe,l.__i=u,h=ye(e,l,g,i,a,s,d,c,_,p),y=l.__e,(g.ref!=l.ref||8&g.__u)&&(g.ref&&fe(g.ref,null,l,g),l.ref&&p.push(l.ref,l.__c||y,l)),P=P||y,4&l.__u?(c=je(l,c,e,!g.__v),g.__e&&(g.__e=null)):typeof l.type=="function"&&h!==void 0?c=h:y&&(c=y.nextSibling),l.__u&=-21);return r.__e=P,c}function zn(e,n,r,o,i){var a,s,d,c,_,p,u,g,l,y=r.length,P=y,h=0,v=0,f=e.__k=Array(i);for(a=0;a<i;a++)(s=n[a])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=f[a]=ee(null,s):_e(s)?s=f[a]=ee(b,{children:s}):s.constructor===K&&s.__b?s=f[a]=ee(s.type,s.props,s.key,s.ref,s.__v):f[a]=s,c=a+h,s.__=e,s.__b=e.__b+1,d=null,~(_=s.__i=Dn(s,r,c,P))&&(P--,(d=r[_])&&(d.__u|=2)),d&&d.__v?(s.__u|=16,_==c-1?h--:_==c+1?h++:_!=c&&(_>c?h--:h++,v=1)):(~_||(i>y?h--:i<y&&h++),typeof s.type!="function"&&(s.__u|=4))):f[a]=null;if(v){for(p=[],u=[],a=0;a<i;a++)if((s=f[a])&&16&s.__u){for(h=0,g=p.length;h<g;)p[l=h+g>>1]<s.__i?h=l+1:g=l;p[h]=s.__i,u[a]=h+1}for(h=p.length;a--;)u[a]&&(u[a]==h?h--:f[a].__u|=4)}if(P)for(a=0;a<y;a++)!(d=r[a])||2&d.__u||(d.__e==o&&(o=L(d)),me(d,d));return o}function je(e,n,r,o){var i,a,s,d;if(typeof e.type=="function"){if(e.props.__P)return n;if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&(i[a].__=e,n=je(i[a],n,r,!1));return n}for(n&&!n.parentNode&&(n=L(e))&&!n.parentNode&&(n=null),s=e.__e,d=n;d&&d.nodeType==8;)d=d.nextSibling;for(s!=d&&(!o&&r.moveBefore&&s.parentNode?r.moveBefore(s,n):r.insertBefore(s,n||null)),n=s;(n=n&&n.nextSibling)&&n.nodeType==8&&!n.data.startsWith("$s"););return n}function Dn(e,n,r,o){var i,a=e.key,s=e.type,d=n[r],c=d&&!(2&d.__u);if(d===null&&a==null||c&&a==d.key&&s==d.type)return r;if(o>(c?1:0)){for(i=r-1;i>=0;i--)if((d=n[i])&&!(2&d.__u)&&a==d.key&&s==d.type)return i;for(i=r+1;i<n.length;i++)if((d=n[i])&&!(2&d.__u)&&a==d.key&&s==d.type)return i}return-1}function Ce(e,n,r){r==null&&(r=""),n[0]=="-"?e.setProperty(n,r):e[n]=r}function Y(e,n,r,o,i){var a,s;if(n=="style")if(typeof r=="string")e.style.cssText=r;else{if(typeof o=="string"&&(e.style.cssText=o=""),o)for(n in o)r&&n in r||Ce(e.style,n);if(r)for(n in r)o&&r[n]==o[n]||Ce(e.style,n,r[n])}else if(n[0]=="o"&&n[1]=="n")typeof r!="function"&&(r=null),typeof o!="function"&&(o=null),(e.__e||(e.__e={}))[n]=r,r&&o||(s=ce[n]||(ce[n]=Ln(n)),(e.__a||(e.__a={}))[n]=ge,a=n!=(n=n.replace(qe,"$1")),(n=n.slice(2))[0]<"a"&&(n=n.toLowerCase()),r?e.addEventListener(n,s,a):e.removeEventListener(n,s,a));else{if(i=="http://www.w3.org/2000/svg")n=n.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(n!="width"&&n!="height"&&n!="href"&&n!="list"&&n!="form"&&n!="tabIndex"&&n!="download"&&n!="rowSpan"&&n!="colSpan"&&n!="role"&&n!="popover"&&n in e)try{return void(e[n]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&n[4]!="-"?e.removeAttribute(n):e.setAttribute(n,n=="popover"&&r==1?"":r)}}function Ln(e){return function(n){var r=this.__e;if(r){if(r=r[e],n[Z]==null)n[Z]=ge++;else if(n[Z]<this.__a[e])return;return r(m.event?m.event(n):n)}}}function ye(e,n,r,o,i,a,s,d,c,_){var p,u,g,l,y,P,h,v,f,C,S,de,we,X,V,Pe,z,U,I=n.type;if(n.constructor!==K)return null;128&r.__u&&(c=32&r.__u,p=r.__c.__z)&&(n.__u|=c,u=a=[],p.nodeType==8?d=re(p,a):a.push(p),d=a[0]||d),(p=m.__b)&&p(n);e:if(typeof I=="function"){g=s.length;try{if(v=n.props,f=(p=I.prototype)&&p.render,C=(p=I.contextType)&&o[p.__c],S=p?C?C.props.value:p.__:o,(l=r.__c)?(n.__c=l,2&l.__g&&(l.__g|=1)):(f?n.__c=l=new I(v,S):(n.__c=l=new ne(v,S),l.constructor=I,l.render=Un),C&&C.sub(l),l.state||(l.state={}),l.__n=o,l.__g|=8,l.__h=[],l.__k=[]),f&&(l.__s||(l.__s=l.state),I.getDerivedStateFromProps&&(l.__s==l.state&&(l.__s=F({},l.__s)),F(l.__s,I.getDerivedStateFromProps(v,l.__s)))),y=l.props,P=l.state,l.__v=n,r.__c){if(v!==y&&f&&!I.getDerivedStateFromProps&&l.componentWillReceiveProps&&l.componentWillReceiveProps(v,S),n.__v==r.__v&&!(8&l.__g)||!(4&l.__g)&&l.shouldComponentUpdate&&l.shouldComponentUpdate(v,l.__s,S)===!1){n.__v!=r.__v&&(l.props=v,l.state=l.__s,l.__g&=-9),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(T){T&&(T.__=n)}),ae.push.apply(l.__h,l.__k),l.__k=[],l.__h.length&&s.push(l),d=L(r);break e}l.componentWillUpdate&&l.componentWillUpdate(v,l.__s,S),f&&l.componentDidUpdate&&l.__h.push(function(){l.componentDidUpdate(y,P,h)})}else f&&!I.getDerivedStateFromProps&&l.componentWillMount&&l.componentWillMount(),f&&l.componentDidMount&&l.__h.push(l.componentDidMount);l.context=S,l.props=v,l.__P=e,l.__g&=-5,de=m.__r,we=f?25:0;do l.__g&=-9,de&&de(n),p=l.render(l.props,l.state=l.__s,l.context);while(8&l.__g&&++we<25);f&&(ae.push.apply(l.__h,l.__k),l.__k=[]),l.state=l.__s,l.getChildContext&&(o=F({},o,l.getChildContext())),f&&r.__c&&l.getSnapshotBeforeUpdate&&(h=l.getSnapshotBeforeUpdate(y,P)),X=p&&p.type===b&&p.key==null?p.props.children:p,v.__P&&(p=d,i=(e=v.__P).namespaceURI,c=a=null,r.props&&r.props.__P!=e&&(r.__k.some(function(T){T&&me(T,T)}),r.__k=null),d=r.__k?L(r,0):null),d=Ie(e,_e(X)?X:[X],n,r,o,i,a,s,d,c,_),v.__P&&(n.__e=null,d=p),n.__u&=-161,u&&u.some(H),l.__h.length&&s.push(l),1&l.__g&&(l.__g&=-4)}catch(T){if(s.length=g,n.__v=null,c||a)if(T&&T.then){if(n.__u|=128|c,a){for(~(z=a.indexOf(d||void 0))||(z=a.length);(U=a[z-1])&&U.nodeType==8;)z--;for(;z<a.length;z++)if(U=a[z])if(a[z]=null,V){if(U==Pe)break}else{if(U.nodeType!=8)break;U.data.startsWith("$s")&&(Pe=re(V=U))}}if(!V){for(;d&&d.nodeType==8&&d.nextSibling;)d=d.nextSibling;V=d}(p=re(V=n.__c.__z||(n.__c.__z=V)))?(n.__e=V,d=p):n.__e=d,d=d&&d.nextSibling}else a&&a.some(H);else n.__e=r.__e;n.__k||(n.__k=r.__k||[]),T&&T.then||ze(n),m.__e(T,n,r)}}else d=n.__e=Vn(r.__e,n,r,o,i,a,s,c,_,e);return(p=m.diffed)&&p(n),d}function re(e,n){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var r=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))r++;else if(e.data.startsWith("/$s")&&!--r)return e}n&&n.push(e)}}function ze(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(ze))}function De(e,n,r){for(var o=0;o<r.length;)fe(r[o++],r[o++],r[o++]);m.__c&&m.__c(n,e),e.some(function(i){try{e=i.__h,i.__h=[],e.some(function(a){a.call(i)})}catch(a){m.__e(a,i.__v)}})}function Vn(e,n,r,o,i,a,s,d,c,_){var p,u,g,l,y,P,h,v,f=r.props||oe,C=n.props,S=n.type;if(S=="svg"?i="http://www.w3.org/2000/svg":S=="math"?i="http://www.w3.org/1998/Math/MathML":i||(i="http://www.w3.org/1999/xhtml"),a){for(p=0;p<a.length;p++)if((y=a[p])&&(S?y.localName==S:y.nodeType==3)){e=y,a[p]=null;break}}if(!e){if(v=_.ownerDocument||document,!S)return v.createTextNode(C);e=v.createElementNS(i,S,C.is?C:_),d&&(m.__m&&m.__m(n,a),d=!1),a=null}if(S){if(_=S=="template"&&e.content||e,a=S=="textarea"&&C.defaultValue!=null?null:a&&Ee.call(_.childNodes),!d&&a)for(f={},p=0;p<e.attributes.length;p++)f[(y=e.attributes[p]).name]=y.value;for(p in f)y=f[p],p=="dangerouslySetInnerHTML"?g=y:p=="children"||p in C||p=="value"&&"defaultValue"in C||p=="checked"&&"defaultChecked"in C||Y(e,p,null,y,i);for(p in C)y=C[p],p=="children"?l=y:p=="dangerouslySetInnerHTML"?u=y:p=="value"?P=y:p=="checked"?h=y:d&&typeof y!="function"||f[p]===y||Y(e,p,y,f[p],i);u?(d||g&&(u.__html==g.__html||u.__html==e.innerHTML)||(e.innerHTML=u.__html),n.__k=[]):(g&&(e.textContent=""),(S=="foreignObject"||i=="http://www.w3.org/1998/Math/MathML"&&In.test(S))&&(i="http://www.w3.org/1999/xhtml"),Ie(_,_e(l)?l:[l],n,r,o,i,a,s,a?a[0]:r.__k&&L(r,0),d,c),a&&a.some(H)),d&&S!="textarea"||(p="value",S=="progress"&&P==null?e.removeAttribute(p):P==null||P===e[p]&&(S!="progress"||P)||Y(e,p,P,f[p],i),p="checked",h!=null&&h!=e[p]&&Y(e,p,h,f[p],i))}else f===C||d&&e.data==C||(e.data=C);return e}function fe(e,n,r,o){try{typeof e=="function"?n?n.__x=e(n)||1:o&&(o=o.__c||o.__e)&&(n=o.__x)&&(o.__x=null,typeof n=="function"?n():e(null)):e.current=n}catch(i){m.__e(i,r)}}function me(e,n,r){var o,i,a,s;if(m.unmount&&m.unmount(e),!(o=e.ref)||o.current&&o.current!=e.__e||fe(o,null,n,e),o=e.__c){if(o.componentWillUnmount)try{o.componentWillUnmount()}catch(d){m.__e(d,n)}o.__P=o.__n=null}if(o=e.__k)for(s=0;s<o.length;s++)o[s]&&me(o[s],n,typeof e.type!="function"||r&&!e.props.__P);!r&&(o=e.__c)&&(o=o.__z)&&(i=re(o,a=[]))&&(o==e.__e&&a.some(H),H(i),H(o)),r||H(e.__e),e.__e=e.__c=e.__=null}function Un(e,n,r){return this.constructor(e,r)}function Le(e,n){var r,o,i,a;m.__&&m.__(e,n),n.nodeType==9&&(n=n.documentElement),o=(r=e&&32&e.__u)?null:n.__k,n.__k=ee(b,{children:[e]}),i=[],a=[],ye(n,n.__k,o||oe,oe,n.namespaceURI,o?null:n.firstChild?Ee.call(n.childNodes):null,i,o?o.__e:n.firstChild,r,a),De(i,n.__k,a),n.__k.props.children=null}function Ve(e){function n(r){var o,i;return this.getChildContext||(o=new Set,(i={})[n.__c]=this,this.getChildContext=function(){return i},this.shouldComponentUpdate=function(a){this.props.value!=a.value&&o.forEach(function(s){s.__g|=4,ue(s)})},this.sub=function(a){o.add(a);var s=a.componentWillUnmount;a.componentWillUnmount=function(){o.delete(a),s&&s.call(a)}}),r.children}return n.__c="__cC"+Oe++,n.__=e,n.Provider=(n.Consumer=function(r,o){return r.children(o)}).contextType=n,n}m={__e:function(e,n,r,o){for(var i,a,s;n=n.__;)if((i=n.__c)&&!(1&i.__g)){i.__g|=4;try{if((s=(a=i.constructor)&&a.getDerivedStateFromError)&&i.setState(a.getDerivedStateFromError(e)),i.componentDidCatch&&(i.componentDidCatch(e,o||{}),s=1),s&&8&i.__g)return void(i.__g|=2)}catch(d){e=d}}throw te=0,e}},Ae=0,Tn=function(e){return e!=null&&e.constructor===K},ne.prototype.setState=function(e,n){var r=this.__s;r&&r!=this.state||(r=this.__s=F({},this.state)),typeof e=="function"&&(e=e(F({},r),this.props)),e&&(F(r,e),this.__v&&(n&&this.__k.push(n),ue(this)))},ne.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),ue(this))},ne.prototype.render=b,D=[],te=0,$e=function(e,n){return e.__v.__b-n.__v.__b},Z=Symbol(),qe=/(PointerCapture)$|Capture$/i,ge=0,ce={},Oe=0;var W,x,he,Ue,ve=Object.is,G=0,Ge=[],be=[],R=m,He=R.__b,Fe=R.__r,Me=R.diffed,We=R.__c,Be=R.unmount,Qe=R.__;function ie(e,n){R.__h&&R.__h(x,e,G||n),G=0;var r=x.__H||(x.__H={__:[],__h:[]});return e>=r.__.length&&r.__.push({}),r.__[e]}function q(e){return G=1,Hn(nn,e)}function Hn(e,n,r){var o=ie(W++,2);if(o.t=e,!o.__c&&(o.__=[r?r(n):nn(void 0,n),function(a){var s=(o.__N||o.__)[0],d=o.t(s,a);ve(s,d)||(o.__N=[d,o.__[1]],o.__c.setState({}))}],o.__c=x,!x.__f)){x.__f=!0;var i=x.shouldComponentUpdate;x.shouldComponentUpdate=function(a,s,d){var c=this.__H;if(!c)return!0;var _=!1,p=this.props!=a;if(c.__.some(function(g){g.__N&&(_=!0,ve(g.__[0],g.__N[0])||(p=!0))}),i){var u=i.call(this,a,s,d);return _?u||p:u}return!_||p}}return o.__}function E(e,n){var r=ie(W++,3);!R.__s&&en(r.__H,n)&&(r.__P=!0,r.__=e,r.u=n,x.__H.__h.push(r))}function se(e){return G=5,Xe(function(){return{current:e}},[])}function Xe(e,n){var r=ie(W++,7);return en(r.__H,n)&&(r.__=e(),r.__H=n),r.__}function Ye(e,n){return G=8,Xe(function(){return e},n)}function Ze(e){var n=x.context[e.__c],r=ie(W++,9);return r.c=e,n?(r.__==null&&(r.__=!0,n.sub(x)),n.props.value):e.__}function Fn(){var e;do{for(;e=be.shift();)try{J(e)}catch(r){R.__e(r,{__:(e=e.__P)&&e.__v})}for(;e=Ge.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(J),n.__h.some(Se),n.__h=[]}catch(r){n.__h=[],R.__e(r,e.__v)}}}while(be.length)}R.__b=function(e){x=null,He&&He(e)},R.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Qe&&Qe(e,n)},R.__r=function(e){Fe&&Fe(e),W=0;var n=(x=e.__c).__H;n&&(he==x?x.__h=[]:(n.__h.some(J),n.__h.some(Se),W=0),n.__h=[],n.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),he=x},R.diffed=function(e){Me&&Me(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&Je(Ge.push(n)),n.__H.__.some(function(r){r.u&&(r.__H=r.u)})),he=x=null},R.__c=function(e,n){n.some(function(r){try{r.__h.some(J),r.__h=r.__h.filter(function(o){return!o.__||Se(o)})}catch(o){r.__h=[function(){throw o}]}}),We&&We(e,n)},R.unmount=function(e){Be&&Be(e);var n,r,o=e.__c;o&&o.__H&&(o.__H.__.some(function(i){try{if(i.__P&&i.__c){if(r===void 0){for(r=e.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}i.__P=r,Je(be.push(i))}else J(i)}catch(a){n=a}}),o.__H=void 0,n&&R.__e(n,o.__v))};var Ke=typeof requestAnimationFrame=="function";function Mn(e){var n,r=function(){clearTimeout(o),Ke&&cancelAnimationFrame(n),setTimeout(e)},o=setTimeout(r,35);Ke&&(n=requestAnimationFrame(r))}function Je(e){e!=1&&Ue==R.requestAnimationFrame||((Ue=R.requestAnimationFrame)||Mn)(Fn)}function J(e){var n=x,r=e.__c;typeof r=="function"&&(e.__c=void 0,r()),x=n}function Se(e){var n=x;e.__c=e.__(),x=n}function en(e,n){return!e||e.length!=n.length||n.some(function(r,o){return!ve(r,e[o])})}function nn(e,n){return typeof n=="function"?n(e):n}var rn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
  space(id: $space) {
    id
    title
    changeRequest(id: $number) {
      id
      number
      subject
      status
      createdAt
      updatedAt
      comments
      outdated
      createdBy {
        id
        displayName
      }
      content {
        id
        pages {
          ... PageTree
        }
      }
    }
  }
}
fragment PageNode on RevisionPage {
  id
  title
  kind
  type
  emoji
  path
  href
}
fragment PageTree on RevisionPage {
  ... PageNode
  pages {
    ... PageNode
    pages {
      ... PageNode
      pages {
        ... PageNode
        pages {
          ... PageNode
          pages {
            ... PageNode
          }
        }
      }
    }
  }
}`},tn={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
  collection(id: $id) {
    id
    title
    description
    organization
    spaces(limit: 1000) {
      items {
        id
        title
        emoji
      }
    }
    collections(limit: 1000) {
      items {
        id
        title
      }
    }
  }
}`},on={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},an={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
  organization(id: $org) {
    id
    openAPISpec(specSlug: $slug) {
      id
      slug
      sourceURL
      processingState
      updatedAt
      lastProcessedErrorCount
      urls {
        location
      }
    }
  }
}`},sn={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
  organization(id: $org) {
    id
    title
    permissions {
      createContent
    }
    spaces(limit: 1000) {
      count
      items {
        id
        title
        emoji
        parent
        updatedAt
        changeRequestsOpen
      }
    }
    changeRequests(limit: 10, status: [open,draft]) {
      items {
        id
        number
        subject
        status
        updatedAt
        urls {
          app
        }
      }
    }
  }
}`},ln={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
  organization(id: $org) {
    id
    search(query: $query, limit: 20) {
      items {
        id
        title
        pages {
          id
          title
          path
          urls {
            app
          }
          sections {
            id
            title
            urls {
              app
            }
          }
        }
      }
    }
  }
}`},dn={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
  space(id: $space) {
    id
    title
    revisionById(id: $revision) {
      id
      type
      createdAt
      parents
      pages {
        ... PageTree
      }
      page(id: $page) @include(if: $withPage) {
        id
        title
        description
        markdown
      }
    }
  }
}
fragment PageNode on RevisionPage {
  id
  title
  kind
  type
  emoji
  path
  href
}
fragment PageTree on RevisionPage {
  ... PageNode
  pages {
    ... PageNode
    pages {
      ... PageNode
      pages {
        ... PageNode
        pages {
          ... PageNode
          pages {
            ... PageNode
          }
        }
      }
    }
  }
}`},pn={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
  viewer {
    id
    displayName
    email
  }
  organizations(limit: 1000) {
    items {
      id
      title
    }
  }
  organization(id: $org) {
    id
    title
    permissions {
      createContent
      admin
    }
    collections(limit: 1000) {
      items {
        id
        title
        parent
      }
    }
    spaces(limit: 1000) {
      items {
        id
        title
        emoji
        parent
      }
    }
  }
}`},cn={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
  organization(id: $org) {
    id
    site(id: $site) {
      id
      title
      published
      visibility
      siteSpaces
      urls {
        published
        preview
      }
    }
  }
}`},un={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($space: ID!, $page: ID!, $withPage: Boolean!) {
  space(id: $space) {
    id
    title
    emoji
    organization
    revisionId
    changeRequestsOpen
    urls {
      app
      published
    }
    permissions {
      edit
    }
    revision {
      id
      pages {
        ... PageTree
      }
      page(id: $page) @include(if: $withPage) {
        id
        title
        description
        markdown
      }
    }
  }
}
fragment PageNode on RevisionPage {
  id
  title
  kind
  type
  emoji
  path
  href
}
fragment PageTree on RevisionPage {
  ... PageNode
  pages {
    ... PageNode
    pages {
      ... PageNode
      pages {
        ... PageNode
        pages {
          ... PageNode
          pages {
            ... PageNode
          }
        }
      }
    }
  }
}`},gn={name:"Start",kind:"query",document:`query Start {
  viewer {
    id
    displayName
  }
  organizations(limit: 1000) {
    items {
      id
      title
    }
  }
}`};var N=class extends Error{constructor(r,o=null){super(r.map(i=>i.message).join("; "));this.errors=r;this.data=o}errors;data;code(r){return this.errors.find(o=>o.extensions?.code===r)}forField(r){return this.errors.find(i=>i.extensions?.field===r||i.message.startsWith(r+":"))?.message}};function Wn(){for(let e of document.cookie.split(";")){let[n,r]=e.trim().split("=");if(n==="folio_csrf")return decodeURIComponent(r??"")}return""}function Bn(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new N([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function B(e,n,r){let o;try{o=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":Wn()},body:JSON.stringify({query:e.document,operationName:e.name,variables:n}),signal:r})}catch(a){throw a.name==="AbortError"?a:new N([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let i;try{i=await o.json()}catch{throw new N([{message:`The server answered ${o.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(i.errors?.length)throw i.errors.some(a=>a.extensions?.code==="UNAUTHENTICATED")&&Bn(),new N(i.errors,i.data??null);if(i.data==null)throw new N([{message:`The server answered ${o.status} without data.`}]);return i.data}var Qn=Symbol.for("pv"),Kn=0;function t(e,n,r,o,i,a){n||(n={});var s,d,c=n;if("ref"in c&&typeof e!="function")for(d in c={},n)d=="ref"?s=n[d]:c[d]=n[d];var _={type:e,props:c,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:Qn,__v:--Kn,__i:-1,__u:0};return(i||a)&&(_.__source=i,_.__self=a),m.vnode&&m.vnode(_),_}function A(e,n,r=!1){let o=JSON.stringify(n),[i,a]=q(null),[s,d]=q(null),[c,_]=q(!r),p=se(null),u=Ye(async()=>{p.current?.abort();let g=new AbortController;p.current=g,_(!0);try{let l=await B(e,JSON.parse(o),g.signal);if(g.signal.aborted)return;a(l),d(null)}catch(l){if(g.signal.aborted)return;d(l instanceof N?l:new N([{message:String(l)}]))}finally{g.signal.aborted||_(!1)}},[e,o]);return E(()=>{if(!r)return a(null),u(),()=>p.current?.abort()},[u,r]),{data:i,error:s,loading:c,reload:u}}function ke({error:e,onRetry:n}){return e?t("div",{class:"notice error",role:"alert",children:[t("p",{children:e.message}),n&&t("button",{type:"button",onClick:n,children:"Try again"})]}):null}function O({q:e,children:n}){return e.error&&!e.data?t(ke,{error:e.error,onRetry:e.reload}):e.data?t(b,{children:n(e.data)}):t("p",{class:"muted",role:"status",children:"Loading…"})}var $="([^/]+)",Jn=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${$}/?$`),e=>({kind:"org",org:e[1]})],[new RegExp(`^/app/o/${$}/c/${$}/?$`),e=>({kind:"collection",org:e[1],id:e[2]})],[new RegExp(`^/app/o/${$}/s/${$}(?:/page/${$})?/?$`),e=>({kind:"space",org:e[1],space:e[2],page:e[3]})],[new RegExp(`^/app/o/${$}/s/${$}/revisions/${$}(?:/page/${$})?/?$`),e=>({kind:"revision",org:e[1],space:e[2],revision:e[3],page:e[4]})],[new RegExp(`^/app/o/${$}/s/${$}/change-requests/${$}(?:/page/${$})?/?$`),e=>({kind:"changeRequest",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${$}/sites/${$}(/preview)?/?$`),e=>({kind:"site",org:e[1],site:e[2],preview:!!e[3]})],[new RegExp(`^/app/o/${$}/openapi/${$}/?$`),e=>({kind:"openapi",org:e[1],slug:e[2]})]];function _n(e){for(let[n,r]of Jn){let o=n.exec(e);if(o)return r(o.map(i=>i===void 0?i:decodeURIComponent(i)))}return{kind:"notFound",path:e}}var w=encodeURIComponent,k={org:e=>`/app/o/${w(e)}`,collection:(e,n)=>`/app/o/${w(e)}/c/${w(n)}`,space:(e,n)=>`/app/o/${w(e)}/s/${w(n)}`,page:(e,n,r)=>`/app/o/${w(e)}/s/${w(n)}/page/${w(r)}`,revision:(e,n,r,o)=>`/app/o/${w(e)}/s/${w(n)}/revisions/${w(r)}`+(o?`/page/${w(o)}`:""),changeRequest:(e,n,r,o)=>`/app/o/${w(e)}/s/${w(n)}/change-requests/${w(String(r))}`+(o?`/page/${w(o)}`:""),site:(e,n)=>`/app/o/${w(e)}/sites/${w(n)}`,openapi:(e,n)=>`/app/o/${w(e)}/openapi/${w(n)}`};function M(e){try{let n=new URL(e,location.href);return n.pathname+n.hash}catch{return e}}var le=new Set;function j(e,n=!1){n?history.replaceState(null,"",e):history.pushState(null,"",e),le.forEach(r=>r()),n||window.scrollTo(0,0)}function yn(){document.addEventListener("click",e=>{if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;let n=e.target?.closest?.("a");if(!n||n.target||n.hasAttribute("download"))return;let r=new URL(n.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(e.preventDefault(),j(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>le.forEach(e=>e()))}function fn(){let[e,n]=q(()=>_n(location.pathname));return E(()=>{let r=()=>n(_n(location.pathname));return le.add(r),()=>{le.delete(r)}},[]),e}var mn=e=>`folio.recent.${e}`;function xe(e){try{let n=JSON.parse(localStorage.getItem(mn(e))??"[]");return Array.isArray(n)?n.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function hn(e,n){let r=[n,...xe(e).filter(o=>o.id!==n.id)].slice(0,5);try{localStorage.setItem(mn(e),JSON.stringify(r))}catch{}}function vn({org:e,onClose:n}){let r=se(null),[o,i]=q(""),[a,s]=q(null),[d,c]=q(null);E(()=>{r.current?.showModal()},[]),E(()=>{let u=o.trim();if(!u){s(null);return}let g=new AbortController,l=setTimeout(async()=>{try{let y=await B(ln,{org:e,query:u},g.signal);s(y.organization?.search.items??[]),c(null)}catch(y){g.signal.aborted||c(y instanceof N?y.message:String(y))}},150);return()=>{clearTimeout(l),g.abort()}},[o,e]);let _=u=>{n(),j(M(u))},p=a?.flatMap(u=>u.pages)[0];return t("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:n,onCancel:n,children:[t("form",{method:"dialog",role:"search",onSubmit:u=>{u.preventDefault(),p&&_(p.urls.app)},children:[t("h2",{id:"search-h",children:"Search"}),t("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),t("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:o,autoComplete:"off",onInput:u=>i(u.target.value)}),t("button",{type:"button",class:"close",onClick:n,children:"Close"})]}),d&&t("p",{class:"notice error",role:"alert",children:d}),t("div",{"aria-live":"polite",children:[a&&a.length===0&&t("p",{class:"muted",children:["Nothing matches “",o.trim(),"”."]}),a?.map(u=>t("section",{class:"results",children:[t("h3",{children:u.title}),t("ul",{children:u.pages.map(g=>t("li",{children:[t("a",{href:M(g.urls.app),onClick:l=>{l.preventDefault(),_(g.urls.app)},children:g.title||g.path}),g.sections.length>0&&t("ul",{children:g.sections.slice(0,3).map(l=>t("li",{children:t("a",{href:M(l.urls.app),onClick:y=>{y.preventDefault(),_(l.urls.app)},children:l.title})},l.id))})]},g.id))})]},u.id))]})]})}var bn=Ve({data:null,reload:async()=>{}});function Sn(){return Ze(bn)}function kn({org:e,parent:n,collections:r,spaces:o,current:i}){let a=r.filter(d=>(d.parent??null)===n),s=o.filter(d=>(d.parent??null)===n);return!a.length&&!s.length?null:t("ul",{class:"tree",children:[a.map(d=>t("li",{children:[t("a",{href:k.collection(e,d.id),class:"collection","aria-current":i===d.id?"page":void 0,children:[t("span",{"aria-hidden":"true",children:"▸ "}),d.title]}),t(kn,{org:e,parent:d.id,collections:r,spaces:o,current:i})]},d.id)),s.map(d=>t("li",{children:t("a",{href:k.space(e,d.id),"aria-current":i===d.id?"page":void 0,children:[d.emoji?t("span",{"aria-hidden":"true",children:[d.emoji," "]}):null,d.title||"Untitled space"]})},d.id))]})}function xn({org:e,current:n,children:r}){let o=A(pn,{org:e}),[i,a]=q(!1),[s,d]=q(!1);E(()=>{let u=g=>{let l=g.target,y=l&&(l.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(l.tagName));(g.key==="k"&&(g.ctrlKey||g.metaKey)||g.key==="/"&&!y&&!g.ctrlKey&&!g.metaKey&&!g.altKey)&&(g.preventDefault(),a(!0))};return document.addEventListener("keydown",u),()=>document.removeEventListener("keydown",u)},[]),E(()=>d(!1),[n,e]);let c=o.data,_=c?.organization,p=xe(e);return t(bn.Provider,{value:{data:c,reload:o.reload},children:[t("a",{class:"skip",href:"#main",children:"Skip to content"}),t("header",{class:"top",children:[t("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>d(!s),children:[t("span",{"aria-hidden":"true",children:"☰"}),t("span",{class:"visually-hidden",children:"Spaces"})]}),t("a",{class:"brand",href:k.org(e),children:"Folio"}),c&&t("select",{"aria-label":"Organization",value:e,onChange:u=>j(k.org(u.target.value)),children:c.organizations.items.map(u=>t("option",{value:u.id,children:u.title},u.id))}),t("button",{type:"button",class:"search-button",onClick:()=>a(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",t("kbd",{children:"/"})]}),t("span",{class:"spacer"}),c&&t("a",{class:"account",href:"/account",title:c.viewer.email??void 0,children:c.viewer.displayName})]}),t("div",{class:"frame",children:[t("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[o.error&&!c&&t("p",{class:"notice error",role:"alert",children:o.error.message}),p.length>0&&t("section",{"aria-labelledby":"recent-h",children:[t("h2",{id:"recent-h",children:"Recent"}),t("ul",{class:"tree",children:p.map(u=>t("li",{children:t("a",{href:k.space(e,u.id),children:[u.emoji?t("span",{"aria-hidden":"true",children:[u.emoji," "]}):null,u.title||"Untitled space"]})},u.id))})]}),_&&t("section",{"aria-labelledby":"tree-h",children:[t("h2",{id:"tree-h",children:_.title}),t(kn,{org:e,parent:null,collections:_.collections.items,spaces:_.spaces.items,current:n}),!_.collections.items.length&&!_.spaces.items.length&&t("p",{class:"muted",children:"No spaces yet."})]})]}),t("main",{id:"main",tabIndex:-1,children:r})]}),i&&t(vn,{org:e,onClose:()=>a(!1)})]})}function Q({pages:e,href:n,current:r,label:o}){return t("nav",{class:"pages","aria-label":o,children:t(Rn,{pages:e,href:n,current:r})})}function Rn({pages:e,href:n,current:r}){return e.length?t("ul",{children:e.map(o=>t("li",{children:[o.type==="group"?t("span",{class:"group",children:o.title}):t("a",{href:n(o.id),"aria-current":r===o.id?"page":void 0,children:[o.emoji?t("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled"]}),o.pages&&t(Rn,{pages:o.pages,href:n,current:r})]},o.id))}):null}function Re(e){for(let n of e){if(n.type==="document")return n;let r=n.pages&&Re(n.pages);if(r)return r}}function wn({org:e,space:n,number:r,page:o}){let i=A(rn,{space:n,number:r});return t(O,{q:i,children:a=>{let s=a.space?.changeRequest;return!a.space||!s?t("h1",{children:"No such change request"}):t("div",{class:"reader",children:[t(Q,{label:"Pages in this change request",pages:s.content.pages,href:d=>k.changeRequest(e,n,s.number,d),current:o}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:k.space(e,n),children:a.space.title})," · change request #",s.number]}),t("h1",{children:s.subject||"Untitled change request"}),t("p",{children:[t("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]})]})]})}})}function Pn({org:e,id:n}){let r=A(tn,{id:n});return t(O,{q:r,children:o=>o.collection?t(b,{children:[t("h1",{children:o.collection.title}),o.collection.description&&t("p",{class:"lead",children:o.collection.description}),t("ul",{class:"cards",children:[o.collection.collections.items.map(i=>t("li",{children:t("a",{href:k.collection(e,i.id),children:i.title})},i.id)),o.collection.spaces.items.map(i=>t("li",{children:t("a",{href:k.space(e,i.id),children:[i.emoji?t("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]})},i.id))]})]}):t("h1",{children:"No such collection"})})}function Cn({id:e,error:n,field:r}){let o=n?.forField(r);return t("span",{id:e,class:"field-error",role:o?"alert":void 0,children:o??""})}function An({org:e}){let n=A(sn,{org:e});return t(O,{q:n,children:r=>r.organization?t(b,{children:[t("h1",{children:r.organization.title}),r.organization.permissions.createContent&&t(Gn,{org:e}),t("section",{"aria-labelledby":"spaces-h",children:[t("h2",{id:"spaces-h",children:["Spaces (",r.organization.spaces.count,")"]}),t("ul",{class:"cards",children:r.organization.spaces.items.map(o=>t("li",{children:[t("a",{href:k.space(e,o.id),children:[o.emoji?t("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]}),o.changeRequestsOpen>0&&t("span",{class:"muted",children:[" · ",o.changeRequestsOpen," open change requests"]})]},o.id))})]}),r.organization.changeRequests.items.length>0&&t("section",{"aria-labelledby":"cr-h",children:[t("h2",{id:"cr-h",children:"Open change requests"}),t("ul",{children:r.organization.changeRequests.items.map(o=>t("li",{children:[t("a",{href:M(o.urls.app),children:["#",o.number," ",o.subject||"Untitled change request"]})," ",t("span",{class:"muted",children:o.status})]},o.id))})]})]}):t("h1",{children:"No such organization"})})}function Gn({org:e}){let n=Sn(),[r,o]=q(""),[i,a]=q(null),[s,d]=q(!1);return t("form",{class:"inline-form",onSubmit:async c=>{c.preventDefault(),d(!0);try{let _=await B(on,{org:e,input:{title:r.trim()}});a(null),await n.reload(),j(M(_.createSpace.urls.app))}catch(_){a(_ instanceof N?_:new N([{message:String(_)}]))}finally{d(!1)}},children:[t("label",{for:"new-space-title",children:"New space"}),t("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!i?.forField("title"),"aria-describedby":"new-space-title-error",onInput:c=>o(c.target.value)}),t("button",{type:"submit",disabled:s,children:"Create space"}),t(Cn,{id:"new-space-title-error",error:i,field:"title"}),i&&!i.forField("title")&&t(ke,{error:i})]})}function $n({org:e,slug:n}){let r=A(an,{org:e,slug:n});return t(O,{q:r,children:o=>{let i=o.organization?.openAPISpec;return i?t(b,{children:[t("h1",{children:["OpenAPI: ",i.slug]}),t("dl",{children:[t("dt",{children:"State"}),t("dd",{children:i.processingState}),t("dt",{children:"Updated"}),t("dd",{children:new Date(i.updatedAt).toLocaleString()}),i.sourceURL&&t(b,{children:[t("dt",{children:"Source"}),t("dd",{children:i.sourceURL})]}),t("dt",{children:"Errors"}),t("dd",{children:i.lastProcessedErrorCount})]})]}):t("h1",{children:"No such OpenAPI specification"})}})}function qn({org:e,space:n,revision:r,page:o}){let i=A(dn,{space:n,revision:r,page:o??"",withPage:!!o});return t(O,{q:i,children:a=>{let s=a.space?.revisionById;return!a.space||!s?t("h1",{children:"No such revision"}):t("div",{class:"reader",children:[t(Q,{label:"Pages in this revision",pages:s.pages,href:d=>k.revision(e,n,s.id,d),current:o}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:k.space(e,n),children:a.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?t(b,{children:[t("h1",{children:s.page.title}),t("pre",{class:"markdown",children:s.page.markdown})]}):t("h1",{children:["Revision ",s.id]})]})]})}})}function On({org:e,site:n,preview:r}){let o=A(cn,{org:e,site:n});return t(O,{q:o,children:i=>{let a=i.organization?.site;return a?t(b,{children:[t("h1",{children:[a.title,r?" (preview)":""]}),t("p",{children:[a.published?"Published":"Not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]}),t("ul",{children:[a.urls.published&&t("li",{children:t("a",{href:a.urls.published,children:"Open the published site"})}),t("li",{children:t("a",{href:a.urls.preview,children:"Preview"})})]})]}):t("h1",{children:"No such site"})}})}function En({org:e,space:n,page:r}){let o=A(un,{space:n,page:r??"",withPage:!!r}),i=o.data?.space;return E(()=>{i&&hn(e,{id:i.id,title:i.title,emoji:i.emoji})},[i?.id]),t(O,{q:o,children:a=>{let s=a.space;if(!s)return t("h1",{children:"No such space"});let d=Re(s.revision.pages),c=s.revision.page;return t("div",{class:"reader",children:[t(Q,{label:"Pages",pages:s.revision.pages,href:_=>k.page(e,s.id,_),current:r??d?.id}),t("article",{children:[c?t("p",{class:"crumb",children:[s.emoji?t("span",{"aria-hidden":"true",children:[s.emoji," "]}):null,s.title||"Untitled space"]}):t("h1",{children:[s.emoji?t("span",{"aria-hidden":"true",children:[s.emoji," "]}):null,s.title||"Untitled space"]}),c?t(b,{children:[t("h1",{children:c.title}),c.description&&t("p",{class:"lead",children:c.description}),t("pre",{class:"markdown",children:c.markdown})]}):d?t("p",{children:t("a",{href:k.page(e,s.id,d.id),children:["Read ",d.title]})}):t("p",{class:"muted",children:"This space has no pages yet."})]})]})}})}function Xn(e){switch(e.kind){case"changeRequest":return`Change request #${e.number} · Folio`;case"site":return"Site · Folio";case"openapi":return`OpenAPI ${e.slug} · Folio`;default:return"Folio"}}function Yn({route:e}){switch(e.kind){case"org":return t(An,{org:e.org});case"collection":return t(Pn,{org:e.org,id:e.id});case"space":return t(En,{org:e.org,space:e.space,page:e.page});case"revision":return t(qn,{org:e.org,space:e.space,revision:e.revision,page:e.page});case"changeRequest":return t(wn,{org:e.org,space:e.space,number:e.number,page:e.page});case"site":return t(On,{org:e.org,site:e.site,preview:e.preview});case"openapi":return t($n,{org:e.org,slug:e.slug});default:return null}}function Zn(){let e=A(gn,{}),n=e.data?.organizations.items[0];return E(()=>{n&&j(k.org(n.id),!0)},[n?.id]),t("main",{id:"main",class:"start",children:t(O,{q:e,children:r=>r.organizations.items.length?t("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):t(b,{children:[t("h1",{children:["Welcome, ",r.viewer.displayName]}),t("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",t("a",{href:"/account",children:"account page"}),"."]})]})})})}function Nn(){let e=fn();if(E(()=>{document.title=Xn(e),document.getElementById("main")?.focus({preventScroll:!0})},[e]),e.kind==="start")return t(Zn,{});if(e.kind==="notFound")return t("main",{id:"main",class:"start",children:[t("h1",{children:"Not found"}),t("p",{children:["The app has no page at ",e.path,". ",t("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let n=e.kind==="space"||e.kind==="revision"||e.kind==="changeRequest"?e.space:e.kind==="collection"?e.id:void 0;return t(xn,{org:e.org,current:n,children:t(Yn,{route:e})})}yn();Le(t(Nn,{}),document.getElementById("app"));
