var _,Oe,Xn,j,ge,ie,Ne,re,Ee,fe,me,Te,G=Symbol.for("pv"),se={},le=[],Yn=/^m(i|n|o|s|text|space)$/,he=Array.isArray,Le=le.slice,W=Object.assign;function B(e){e&&e.parentNode&&e.remove()}function te(e,n,t,a,i){var o={type:e,props:n,key:t,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:G,__v:i||++Oe,__i:-1,__u:0};return!i&&_.vnode&&_.vnode(o),o}function b(e){return e.children}function ae(e,n){this.props=e,this.context=n,this.__g=0}function M(e,n){if(n==null)return e.__&&M(e.__,e.__i+1);for(var t;n<e.__k.length;n++)if((t=e.__k[n])&&t.__e)return t.__e;return typeof e.type!="function"||e.props.__P?null:M(e)}function Zn(e){var n,t=e.__v,a=t.__e,i=[],o=[],s=e.__P;s&&((n=W({constructor:G},t)).__v=t.__v+1,_.vnode&&_.vnode(n),_e(s,n,t,e.__n,s.namespaceURI,32&t.__u?[a]:null,i,a||M(t),32&t.__u,o),n.__v=t.__v,n.__.__k[n.__i]=n,ze(i,n,o),t.__=t.__e=null,n.__e!=a&&De(n))}function De(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(n){return n&&(e.__e=n.__e)}),De(e)}function ye(e){(8&e.__g||(e.__g|=8,j.push(e),ie++))&&ge==_.debounceRendering||((ge=_.debounceRendering)||queueMicrotask)(Ue)}function Ue(){try{for(var e,n=1;j.length;)j.length>n&&j.sort(Ne),e=j.shift(),n=j.length,8&e.__g&&Zn(e)}finally{(ie=j.length)&&(ge||queueMicrotask)(Ue)}}function Ve(e,n,t,a,i,o,s,l,u,g,c){var p,m,d,y,$,v,R=a.__k||le,f=n.length;for(u=er(t,n,R,u,f),p=0;p<f;p++)(d=t.__k[p])!=null&&(m=~d.__i&&R[d.__i]||se,d.__i=p,v=_e(e,d,m,i,o,s,l,u,g,c),y=d.__e,(m.ref!=d.ref||8&m.__u)&&(m.ref&&ve(m.ref,null,d,m),d.ref&&c.push(d.ref,d.__c||y,d)),$=$||y,4&d.__u?(u=je(d,u,e,!m.__v),m.__e&&(m.__e=null)):typeof d.type=="function"&&v!==void 0?u=v:y&&(u=y.nextSibling),d.__u&=-21);return t.__e=$,u}function er(e,n,t,a,i){var o,s,l,u,g,c,p,m,d,y=t.length,$=y,v=0,R=0,f=e.__k=Array(i);for(o=0;o<i;o++)(s=n[o])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=f[o]=te(null,s):he(s)?s=f[o]=te(b,{children:s}):s.constructor===G&&s.__b?s=f[o]=te(s.type,s.props,s.key,s.ref,s.__v):f[o]=s,u=o+v,s.__=e,s.__b=e.__b+1,l=null,~(g=s.__i=nr(s,t,u,$))&&($--,(l=t[g])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,g==u-1?v--:g==u+1?v++:g!=u&&(g>u?v--:v++,R=1)):(~g||(i>y?v--:i<y&&v++),typeof s.type!="function"&&(s.__u|=4))):f[o]=null;if(R){for(c=[],p=[],o=0;o<i;o++)if((s=f[o])&&16&s.__u){for(v=0,m=c.length;v<m;)c[d=v+m>>1]<s.__i?v=d+1:m=d;c[v]=s.__i,p[o]=v+1}for(v=c.length;o--;)p[o]&&(p[o]==v?v--:f[o].__u|=4)}if($)for(o=0;o<y;o++)!(l=t[o])||2&l.__u||(l.__e==a&&(a=M(l)),be(l,l));return a}function je(e,n,t,a){var i,o,s,l;if(typeof e.type=="function"){if(e.props.__P)return n;if(i=e.__k)for(o=0;o<i.length;o++)i[o]&&(i[o].__=e,n=je(i[o],n,t,!1));return n}for(n&&!n.parentNode&&(n=M(e))&&!n.parentNode&&(n=null),s=e.__e,l=n;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!a&&t.moveBefore&&s.parentNode?t.moveBefore(s,n):t.insertBefore(s,n||null)),n=s;(n=n&&n.nextSibling)&&n.nodeType==8&&!n.data.startsWith("$s"););return n}function nr(e,n,t,a){var i,o=e.key,s=e.type,l=n[t],u=l&&!(2&l.__u);if(l===null&&o==null||u&&o==l.key&&s==l.type)return t;if(a>(u?1:0)){for(i=t-1;i>=0;i--)if((l=n[i])&&!(2&l.__u)&&o==l.key&&s==l.type)return i;for(i=t+1;i<n.length;i++)if((l=n[i])&&!(2&l.__u)&&o==l.key&&s==l.type)return i}return-1}function Ie(e,n,t){t==null&&(t=""),n[0]=="-"?e.setProperty(n,t):e[n]=t}function ne(e,n,t,a,i){var o,s;if(n=="style")if(typeof t=="string")e.style.cssText=t;else{if(typeof a=="string"&&(e.style.cssText=a=""),a)for(n in a)t&&n in t||Ie(e.style,n);if(t)for(n in t)a&&t[n]==a[n]||Ie(e.style,n,t[n])}else if(n[0]=="o"&&n[1]=="n")typeof t!="function"&&(t=null),typeof a!="function"&&(a=null),(e.__e||(e.__e={}))[n]=t,t&&a||(s=me[n]||(me[n]=rr(n)),(e.__a||(e.__a={}))[n]=fe,o=n!=(n=n.replace(Ee,"$1")),(n=n.slice(2))[0]<"a"&&(n=n.toLowerCase()),t?e.addEventListener(n,s,o):e.removeEventListener(n,s,o));else{if(i=="http://www.w3.org/2000/svg")n=n.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(n!="width"&&n!="height"&&n!="href"&&n!="list"&&n!="form"&&n!="tabIndex"&&n!="download"&&n!="rowSpan"&&n!="colSpan"&&n!="role"&&n!="popover"&&n in e)try{return void(e[n]=t??"")}catch{}if(typeof t=="function")return;t==null||t===!1&&n[4]!="-"?e.removeAttribute(n):e.setAttribute(n,n=="popover"&&t==1?"":t)}}function rr(e){return function(n){var t=this.__e;if(t){if(t=t[e],n[re]==null)n[re]=fe++;else if(n[re]<this.__a[e])return;return t(_.event?_.event(n):n)}}}function _e(e,n,t,a,i,o,s,l,u,g){var c,p,m,d,y,$,v,R,f,A,k,ue,qe,ee,H,Ae,V,F,L=n.type;if(n.constructor!==G)return null;128&t.__u&&(u=32&t.__u,c=t.__c.__z)&&(n.__u|=u,p=o=[],c.nodeType==8?l=oe(c,o):o.push(c),l=o[0]||l),(c=_.__b)&&c(n);e:if(typeof L=="function"){m=s.length;try{if(R=n.props,f=(c=L.prototype)&&c.render,A=(c=L.contextType)&&a[c.__c],k=c?A?A.props.value:c.__:a,(d=t.__c)?(n.__c=d,2&d.__g&&(d.__g|=1)):(f?n.__c=d=new L(R,k):(n.__c=d=new ae(R,k),d.constructor=L,d.render=ar),A&&A.sub(d),d.state||(d.state={}),d.__n=a,d.__g|=8,d.__h=[],d.__k=[]),f&&(d.__s||(d.__s=d.state),L.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=W({},d.__s)),W(d.__s,L.getDerivedStateFromProps(R,d.__s)))),y=d.props,$=d.state,d.__v=n,t.__c){if(R!==y&&f&&!L.getDerivedStateFromProps&&d.componentWillReceiveProps&&d.componentWillReceiveProps(R,k),n.__v==t.__v&&!(8&d.__g)||!(4&d.__g)&&d.shouldComponentUpdate&&d.shouldComponentUpdate(R,d.__s,k)===!1){n.__v!=t.__v&&(d.props=R,d.state=d.__s,d.__g&=-9),n.__e=t.__e,n.__k=t.__k,n.__k.some(function(T){T&&(T.__=n)}),le.push.apply(d.__h,d.__k),d.__k=[],d.__h.length&&s.push(d),l=M(t);break e}d.componentWillUpdate&&d.componentWillUpdate(R,d.__s,k),f&&d.componentDidUpdate&&d.__h.push(function(){d.componentDidUpdate(y,$,v)})}else f&&!L.getDerivedStateFromProps&&d.componentWillMount&&d.componentWillMount(),f&&d.componentDidMount&&d.__h.push(d.componentDidMount);d.context=k,d.props=R,d.__P=e,d.__g&=-5,ue=_.__r,qe=f?25:0;do d.__g&=-9,ue&&ue(n),c=d.render(d.props,d.state=d.__s,d.context);while(8&d.__g&&++qe<25);f&&(le.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(a=W({},a,d.getChildContext())),f&&t.__c&&d.getSnapshotBeforeUpdate&&(v=d.getSnapshotBeforeUpdate(y,$)),ee=c&&c.type===b&&c.key==null?c.props.children:c,R.__P&&(c=l,i=(e=R.__P).namespaceURI,u=o=null,t.props&&t.props.__P!=e&&(t.__k.some(function(T){T&&be(T,T)}),t.__k=null),l=t.__k?M(t,0):null),l=Ve(e,he(ee)?ee:[ee],n,t,a,i,o,s,l,u,g),R.__P&&(n.__e=null,l=c),n.__u&=-161,p&&p.some(B),d.__h.length&&s.push(d),1&d.__g&&(d.__g&=-4)}catch(T){if(s.length=m,n.__v=null,u||o)if(T&&T.then){if(n.__u|=128|u,o){for(~(V=o.indexOf(l||void 0))||(V=o.length);(F=o[V-1])&&F.nodeType==8;)V--;for(;V<o.length;V++)if(F=o[V])if(o[V]=null,H){if(F==Ae)break}else{if(F.nodeType!=8)break;F.data.startsWith("$s")&&(Ae=oe(H=F))}}if(!H){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;H=l}(c=oe(H=n.__c.__z||(n.__c.__z=H)))?(n.__e=H,l=c):n.__e=l,l=l&&l.nextSibling}else o&&o.some(B);else n.__e=t.__e;n.__k||(n.__k=t.__k||[]),T&&T.then||Me(n),_.__e(T,n,t)}}else l=n.__e=tr(t.__e,n,t,a,i,o,s,u,g,e);return(c=_.diffed)&&c(n),l}function oe(e,n){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var t=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))t++;else if(e.data.startsWith("/$s")&&!--t)return e}n&&n.push(e)}}function Me(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(Me))}function ze(e,n,t){for(var a=0;a<t.length;)ve(t[a++],t[a++],t[a++]);_.__c&&_.__c(n,e),e.some(function(i){try{e=i.__h,i.__h=[],e.some(function(o){o.call(i)})}catch(o){_.__e(o,i.__v)}})}function tr(e,n,t,a,i,o,s,l,u,g){var c,p,m,d,y,$,v,R,f=t.props||se,A=n.props,k=n.type;if(k=="svg"?i="http://www.w3.org/2000/svg":k=="math"?i="http://www.w3.org/1998/Math/MathML":i||(i="http://www.w3.org/1999/xhtml"),o){for(c=0;c<o.length;c++)if((y=o[c])&&(k?y.localName==k:y.nodeType==3)){e=y,o[c]=null;break}}if(!e){if(R=g.ownerDocument||document,!k)return R.createTextNode(A);e=R.createElementNS(i,k,A.is?A:g),l&&(_.__m&&_.__m(n,o),l=!1),o=null}if(k){if(g=k=="template"&&e.content||e,o=k=="textarea"&&A.defaultValue!=null?null:o&&Le.call(g.childNodes),!l&&o)for(f={},c=0;c<e.attributes.length;c++)f[(y=e.attributes[c]).name]=y.value;for(c in f)y=f[c],c=="dangerouslySetInnerHTML"?m=y:c=="children"||c in A||c=="value"&&"defaultValue"in A||c=="checked"&&"defaultChecked"in A||ne(e,c,null,y,i);for(c in A)y=A[c],c=="children"?d=y:c=="dangerouslySetInnerHTML"?p=y:c=="value"?$=y:c=="checked"?v=y:l&&typeof y!="function"||f[c]===y||ne(e,c,y,f[c],i);p?(l||m&&(p.__html==m.__html||p.__html==e.innerHTML)||(e.innerHTML=p.__html),n.__k=[]):(m&&(e.textContent=""),(k=="foreignObject"||i=="http://www.w3.org/1998/Math/MathML"&&Yn.test(k))&&(i="http://www.w3.org/1999/xhtml"),Ve(g,he(d)?d:[d],n,t,a,i,o,s,o?o[0]:t.__k&&M(t,0),l,u),o&&o.some(B)),l&&k!="textarea"||(c="value",k=="progress"&&$==null?e.removeAttribute(c):$==null||$===e[c]&&(k!="progress"||$)||ne(e,c,$,f[c],i),c="checked",v!=null&&v!=e[c]&&ne(e,c,v,f[c],i))}else f===A||l&&e.data==A||(e.data=A);return e}function ve(e,n,t,a){try{typeof e=="function"?n?n.__x=e(n)||1:a&&(a=a.__c||a.__e)&&(n=a.__x)&&(a.__x=null,typeof n=="function"?n():e(null)):e.current=n}catch(i){_.__e(i,t)}}function be(e,n,t){var a,i,o,s;if(_.unmount&&_.unmount(e),!(a=e.ref)||a.current&&a.current!=e.__e||ve(a,null,n,e),a=e.__c){if(a.componentWillUnmount)try{a.componentWillUnmount()}catch(l){_.__e(l,n)}a.__P=a.__n=null}if(a=e.__k)for(s=0;s<a.length;s++)a[s]&&be(a[s],n,typeof e.type!="function"||t&&!e.props.__P);!t&&(a=e.__c)&&(a=a.__z)&&(i=oe(a,o=[]))&&(a==e.__e&&o.some(B),B(i),B(a)),t||B(e.__e),e.__e=e.__c=e.__=null}function ar(e,n,t){return this.constructor(e,t)}function He(e,n){var t,a,i,o;_.__&&_.__(e,n),n.nodeType==9&&(n=n.documentElement),a=(t=e&&32&e.__u)?null:n.__k,n.__k=te(b,{children:[e]}),i=[],o=[],_e(n,n.__k,a||se,se,n.namespaceURI,a?null:n.firstChild?Le.call(n.childNodes):null,i,a?a.__e:n.firstChild,t,o),ze(i,n.__k,o),n.__k.props.children=null}function Fe(e){function n(t){var a,i;return this.getChildContext||(a=new Set,(i={})[n.__c]=this,this.getChildContext=function(){return i},this.shouldComponentUpdate=function(o){this.props.value!=o.value&&a.forEach(function(s){s.__g|=4,ye(s)})},this.sub=function(o){a.add(o);var s=o.componentWillUnmount;o.componentWillUnmount=function(){a.delete(o),s&&s.call(o)}}),t.children}return n.__c="__cC"+Te++,n.__=e,n.Provider=(n.Consumer=function(t,a){return t.children(a)}).contextType=n,n}_={__e:function(e,n,t,a){for(var i,o,s;n=n.__;)if((i=n.__c)&&!(1&i.__g)){i.__g|=4;try{if((s=(o=i.constructor)&&o.getDerivedStateFromError)&&i.setState(o.getDerivedStateFromError(e)),i.componentDidCatch&&(i.componentDidCatch(e,a||{}),s=1),s&&8&i.__g)return void(i.__g|=2)}catch(l){e=l}}throw ie=0,e}},Oe=0,Xn=function(e){return e!=null&&e.constructor===G},ae.prototype.setState=function(e,n){var t=this.__s;t&&t!=this.state||(t=this.__s=W({},this.state)),typeof e=="function"&&(e=e(W({},t),this.props)),e&&(W(t,e),this.__v&&(n&&this.__k.push(n),ye(this)))},ae.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),ye(this))},ae.prototype.render=b,j=[],ie=0,Ne=function(e,n){return e.__v.__b-n.__v.__b},re=Symbol(),Ee=/(PointerCapture)$|Capture$/i,fe=0,me={},Te=0;var Q,x,we,Be,Re=Object.is,Y=0,en=[],Se=[],P=_,We=P.__b,Ke=P.__r,Qe=P.diffed,Je=P.__c,Ge=P.unmount,Xe=P.__;function de(e,n){P.__h&&P.__h(x,e,Y||n),Y=0;var t=x.__H||(x.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function h(e){return Y=1,or(on,e)}function or(e,n,t){var a=de(Q++,2);if(a.t=e,!a.__c&&(a.__=[t?t(n):on(void 0,n),function(o){var s=(a.__N||a.__)[0],l=a.t(s,o);Re(s,l)||(a.__N=[l,a.__[1]],a.__c.setState({}))}],a.__c=x,!x.__f)){x.__f=!0;var i=x.shouldComponentUpdate;x.shouldComponentUpdate=function(o,s,l){var u=this.__H;if(!u)return!0;var g=!1,c=this.props!=o;if(u.__.some(function(m){m.__N&&(g=!0,Re(m.__[0],m.__N[0])||(c=!0))}),i){var p=i.call(this,o,s,l);return g?p||c:p}return!g||c}}return a.__}function N(e,n){var t=de(Q++,3);!P.__s&&an(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,x.__H.__h.push(t))}function z(e){return Y=5,nn(function(){return{current:e}},[])}function nn(e,n){var t=de(Q++,7);return an(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function rn(e,n){return Y=8,nn(function(){return e},n)}function tn(e){var n=x.context[e.__c],t=de(Q++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(x)),n.props.value):e.__}function ir(){var e;do{for(;e=Se.shift();)try{X(e)}catch(t){P.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=en.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(X),n.__h.some(ke),n.__h=[]}catch(t){n.__h=[],P.__e(t,e.__v)}}}while(Se.length)}P.__b=function(e){x=null,We&&We(e)},P.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Xe&&Xe(e,n)},P.__r=function(e){Ke&&Ke(e),Q=0;var n=(x=e.__c).__H;n&&(we==x?x.__h=[]:(n.__h.some(X),n.__h.some(ke),Q=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),we=x},P.diffed=function(e){Qe&&Qe(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&Ze(en.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),we=x=null},P.__c=function(e,n){n.some(function(t){try{t.__h.some(X),t.__h=t.__h.filter(function(a){return!a.__||ke(a)})}catch(a){t.__h=[function(){throw a}]}}),Je&&Je(e,n)},P.unmount=function(e){Ge&&Ge(e);var n,t,a=e.__c;a&&a.__H&&(a.__H.__.some(function(i){try{if(i.__P&&i.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}i.__P=t,Ze(Se.push(i))}else X(i)}catch(o){n=o}}),a.__H=void 0,n&&P.__e(n,a.__v))};var Ye=typeof requestAnimationFrame=="function";function sr(e){var n,t=function(){clearTimeout(a),Ye&&cancelAnimationFrame(n),setTimeout(e)},a=setTimeout(t,35);Ye&&(n=requestAnimationFrame(t))}function Ze(e){e!=1&&Be==P.requestAnimationFrame||((Be=P.requestAnimationFrame)||sr)(ir)}function X(e){var n=x,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),x=n}function ke(e){var n=x;e.__c=e.__(),x=n}function an(e,n){return!e||e.length!=n.length||n.some(function(t,a){return!Re(t,e[a])})}function on(e,n){return typeof n=="function"?n(e):n}var sn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},ln={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},dn={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},pn={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},cn={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},un={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},gn={name:"ReviewLiveChangeRequest",kind:"subscription",document:`subscription ReviewLiveChangeRequest ($space: ID!, $number: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $number) {
    revision
    updatedAt
  }
}`},mn={name:"ReviewLiveComments",kind:"subscription",document:`subscription ReviewLiveComments ($space: ID!, $number: ID!) {
  commentsChanged(spaceId: $space, changeRequestId: $number) {
    kind
    commentId
  }
}`},yn={name:"ReviewMerge",kind:"mutation",document:`mutation ReviewMerge ($space: ID!, $number: String!, $base: String) {
  mergeChangeRequest(spaceId: $space, changeRequestId: $number, baseRevision: $base) {
    revision
  }
}`},fn={name:"ReviewMergePreview",kind:"query",document:`query ReviewMergePreview ($space: ID!, $number: String!) {
  previewMerge(spaceId: $space, changeRequestId: $number) {
    revision
    changeRequestRevision
    fastForward
    mergeable
    problem
    changes {
      kind
      id
      title
      path
      previousPath
    }
    conflicts {
      object
      id
      title
      path
      reason
      message
    }
  }
}`},hn={name:"ReviewPostComment",kind:"mutation",document:`mutation ReviewPostComment ($space: ID!, $number: String!, $page: String, $markdown: String!) {
  postComment(spaceId: $space, changeRequestId: $number, input: {page:$page,body:{markdown:$markdown}}) {
    id
  }
}`},_n={name:"ReviewPostReply",kind:"mutation",document:`mutation ReviewPostReply ($space: ID!, $number: String!, $comment: ID!, $markdown: String!) {
  postCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, input: {body:{markdown:$markdown}}) {
    id
  }
}`},vn={name:"ReviewScreen",kind:"query",document:`query ReviewScreen ($space: ID!, $number: String!) {
  viewer {
    id
  }
  space(id: $space) {
    id
    title
    permissions {
      comment
      merge
    }
    changeRequest(id: $number) {
      id
      number
      subject
      status
      outdated
      revision
      updatedAt
      createdBy {
        id
        displayName
      }
      pageChanges {
        kind
        id
        title
        path
        previousPath
        diff {
          added
          removed
          truncated
          hunks {
            oldStart
            oldLines
            newStart
            newLines
            lines {
              kind
              text
              oldNumber
              newNumber
            }
          }
        }
      }
      commentList(limit: 50, order: asc) {
        count
        items {
          ... ReviewThread
        }
      }
    }
  }
}
fragment ReviewReactions on EmojiReaction {
  emoji
  count
  users {
    user {
      id
    }
  }
}
fragment ReviewThread on Comment {
  id
  status
  postedAt
  postedBy {
    id
    displayName
  }
  body {
    markdown
  }
  target {
    page {
      id
      title
      path
    }
  }
  reactions {
    ... ReviewReactions
  }
  permissions {
    reply
  }
  replyList(limit: 20) {
    items {
      id
      postedAt
      postedBy {
        id
        displayName
      }
      body {
        markdown
      }
      reactions {
        ... ReviewReactions
      }
    }
  }
}`},xe={name:"ReviewUpdateComment",kind:"mutation",document:`mutation ReviewUpdateComment ($space: ID!, $number: String!, $comment: ID!, $input: UpdateCommentInput!) {
  updateComment(spaceId: $space, changeRequestId: $number, commentId: $comment, input: $input) {
    id
  }
}`},bn={name:"ReviewUpdateReply",kind:"mutation",document:`mutation ReviewUpdateReply ($space: ID!, $number: String!, $comment: ID!, $reply: ID!, $input: UpdateCommentReplyInput!) {
  updateCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, replyId: $reply, input: $input) {
    id
  }
}`},wn={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Rn={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},Sn={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},kn={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($space: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},xn={name:"Start",kind:"query",document:`query Start {
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
}`};var I=class extends Error{constructor(t,a=null){super(t.map(i=>i.message).join("; "));this.errors=t;this.data=a}errors;data;code(t){return this.errors.find(a=>a.extensions?.code===t)}forField(t){return this.errors.find(i=>i.extensions?.field===t||i.message.startsWith(t+":"))?.message}};function lr(){for(let e of document.cookie.split(";")){let[n,t]=e.trim().split("=");if(n==="folio_csrf")return decodeURIComponent(t??"")}return""}function dr(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new I([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function E(e,n,t){let a;try{a=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":lr()},body:JSON.stringify({query:e.document,operationName:e.name,variables:n}),signal:t})}catch(o){throw o.name==="AbortError"?o:new I([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let i;try{i=await a.json()}catch{throw new I([{message:`The server answered ${a.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(i.errors?.length)throw i.errors.some(o=>o.extensions?.code==="UNAUTHENTICATED")&&dr(),new I(i.errors,i.data??null);if(i.data==null)throw new I([{message:`The server answered ${a.status} without data.`}]);return i.data}var pr=Symbol.for("pv"),cr=0;function r(e,n,t,a,i,o){n||(n={});var s,l,u=n;if("ref"in u&&typeof e!="function")for(l in u={},n)l=="ref"?s=n[l]:u[l]=n[l];var g={type:e,props:u,key:t,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:pr,__v:--cr,__i:-1,__u:0};return(i||o)&&(g.__source=i,g.__self=o),_.vnode&&_.vnode(g),g}function q(e,n,t=!1){let a=JSON.stringify(n),[i,o]=h(null),[s,l]=h(null),[u,g]=h(!t),c=z(null),p=rn(async()=>{c.current?.abort();let m=new AbortController;c.current=m,g(!0);try{let d=await E(e,JSON.parse(a),m.signal);if(m.signal.aborted)return;o(d),l(null)}catch(d){if(m.signal.aborted)return;l(d instanceof I?d:new I([{message:String(d)}]))}finally{m.signal.aborted||g(!1)}},[e,a]);return N(()=>{if(!t)return o(null),p(),()=>c.current?.abort()},[p,t]),{data:i,error:s,loading:u,reload:p}}function D({error:e,onRetry:n}){return e?r("div",{class:"notice error",role:"alert",children:[r("p",{children:e.message}),n&&r("button",{type:"button",onClick:n,children:"Try again"})]}):null}function O({q:e,children:n}){return e.error&&!e.data?r(D,{error:e.error,onRetry:e.reload}):e.data?r(b,{children:n(e.data)}):r("p",{class:"muted",role:"status",children:"Loading…"})}var C="([^/]+)",ur=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${C}/?$`),e=>({kind:"org",org:e[1]})],[new RegExp(`^/app/o/${C}/c/${C}/?$`),e=>({kind:"collection",org:e[1],id:e[2]})],[new RegExp(`^/app/o/${C}/s/${C}(?:/page/${C})?/?$`),e=>({kind:"space",org:e[1],space:e[2],page:e[3]})],[new RegExp(`^/app/o/${C}/s/${C}/revisions/${C}(?:/page/${C})?/?$`),e=>({kind:"revision",org:e[1],space:e[2],revision:e[3],page:e[4]})],[new RegExp(`^/app/o/${C}/s/${C}/change-requests/${C}(?:/page/${C})?/?$`),e=>({kind:"changeRequest",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${C}/s/${C}/change-requests/${C}/review/?$`),e=>({kind:"review",org:e[1],space:e[2],number:e[3]})],[new RegExp(`^/app/o/${C}/sites/${C}(/preview)?/?$`),e=>({kind:"site",org:e[1],site:e[2],preview:!!e[3]})],[new RegExp(`^/app/o/${C}/openapi/${C}/?$`),e=>({kind:"openapi",org:e[1],slug:e[2]})]];function Cn(e){for(let[n,t]of ur){let a=n.exec(e);if(a)return t(a.map(i=>i===void 0?i:decodeURIComponent(i)))}return{kind:"notFound",path:e}}var S=encodeURIComponent,w={org:e=>`/app/o/${S(e)}`,collection:(e,n)=>`/app/o/${S(e)}/c/${S(n)}`,space:(e,n)=>`/app/o/${S(e)}/s/${S(n)}`,page:(e,n,t)=>`/app/o/${S(e)}/s/${S(n)}/page/${S(t)}`,revision:(e,n,t,a)=>`/app/o/${S(e)}/s/${S(n)}/revisions/${S(t)}`+(a?`/page/${S(a)}`:""),changeRequest:(e,n,t,a)=>`/app/o/${S(e)}/s/${S(n)}/change-requests/${S(String(t))}`+(a?`/page/${S(a)}`:""),review:(e,n,t)=>`/app/o/${S(e)}/s/${S(n)}/change-requests/${S(String(t))}/review`,site:(e,n)=>`/app/o/${S(e)}/sites/${S(n)}`,openapi:(e,n)=>`/app/o/${S(e)}/openapi/${S(n)}`};function K(e){try{let n=new URL(e,location.href);return n.pathname+n.hash}catch{return e}}var pe=new Set;function U(e,n=!1){n?history.replaceState(null,"",e):history.pushState(null,"",e),pe.forEach(t=>t()),n||window.scrollTo(0,0)}function $n(){document.addEventListener("click",e=>{if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;let n=e.target?.closest?.("a");if(!n||n.target||n.hasAttribute("download"))return;let t=new URL(n.href,location.href);t.origin!==location.origin||!t.pathname.startsWith("/app")||(e.preventDefault(),U(t.pathname+t.search+t.hash))}),window.addEventListener("popstate",()=>pe.forEach(e=>e()))}function Pn(){let[e,n]=h(()=>Cn(location.pathname));return N(()=>{let t=()=>n(Cn(location.pathname));return pe.add(t),()=>{pe.delete(t)}},[]),e}var qn=e=>`folio.recent.${e}`;function Ce(e){try{let n=JSON.parse(localStorage.getItem(qn(e))??"[]");return Array.isArray(n)?n.filter(t=>t&&typeof t.id=="string").slice(0,5):[]}catch{return[]}}function An(e,n){let t=[n,...Ce(e).filter(a=>a.id!==n.id)].slice(0,5);try{localStorage.setItem(qn(e),JSON.stringify(t))}catch{}}function In({org:e,onClose:n}){let t=z(null),[a,i]=h(""),[o,s]=h(null),[l,u]=h(null);N(()=>{t.current?.showModal()},[]),N(()=>{let p=a.trim();if(!p){s(null);return}let m=new AbortController,d=setTimeout(async()=>{try{let y=await E(un,{org:e,query:p},m.signal);s(y.organization?.search.items??[]),u(null)}catch(y){m.signal.aborted||u(y instanceof I?y.message:String(y))}},150);return()=>{clearTimeout(d),m.abort()}},[a,e]);let g=p=>{n(),U(K(p))},c=o?.flatMap(p=>p.pages)[0];return r("dialog",{ref:t,class:"search","aria-labelledby":"search-h",onClose:n,onCancel:n,children:[r("form",{method:"dialog",role:"search",onSubmit:p=>{p.preventDefault(),c&&g(c.urls.app)},children:[r("h2",{id:"search-h",children:"Search"}),r("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),r("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:a,autoComplete:"off",onInput:p=>i(p.target.value)}),r("button",{type:"button",class:"close",onClick:n,children:"Close"})]}),l&&r("p",{class:"notice error",role:"alert",children:l}),r("div",{"aria-live":"polite",children:[o&&o.length===0&&r("p",{class:"muted",children:["Nothing matches “",a.trim(),"”."]}),o?.map(p=>r("section",{class:"results",children:[r("h3",{children:p.title}),r("ul",{children:p.pages.map(m=>r("li",{children:[r("a",{href:K(m.urls.app),onClick:d=>{d.preventDefault(),g(m.urls.app)},children:m.title||m.path}),m.sections.length>0&&r("ul",{children:m.sections.slice(0,3).map(d=>r("li",{children:r("a",{href:K(d.urls.app),onClick:y=>{y.preventDefault(),g(d.urls.app)},children:d.title})},d.id))})]},m.id))})]},p.id))]})]})}var On=Fe({data:null,reload:async()=>{}});function Nn(){return tn(On)}function En({org:e,parent:n,collections:t,spaces:a,current:i}){let o=t.filter(l=>(l.parent??null)===n),s=a.filter(l=>(l.parent??null)===n);return!o.length&&!s.length?null:r("ul",{class:"tree",children:[o.map(l=>r("li",{children:[r("a",{href:w.collection(e,l.id),class:"collection","aria-current":i===l.id?"page":void 0,children:[r("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),r(En,{org:e,parent:l.id,collections:t,spaces:a,current:i})]},l.id)),s.map(l=>r("li",{children:r("a",{href:w.space(e,l.id),"aria-current":i===l.id?"page":void 0,children:[l.emoji?r("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function Tn({org:e,current:n,children:t}){let a=q(Rn,{org:e}),[i,o]=h(!1),[s,l]=h(!1);N(()=>{let p=m=>{let d=m.target,y=d&&(d.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(d.tagName));(m.key==="k"&&(m.ctrlKey||m.metaKey)||m.key==="/"&&!y&&!m.ctrlKey&&!m.metaKey&&!m.altKey)&&(m.preventDefault(),o(!0))};return document.addEventListener("keydown",p),()=>document.removeEventListener("keydown",p)},[]),N(()=>l(!1),[n,e]);let u=a.data,g=u?.organization,c=Ce(e);return r(On.Provider,{value:{data:u,reload:a.reload},children:[r("a",{class:"skip",href:"#main",children:"Skip to content"}),r("header",{class:"top",children:[r("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[r("span",{"aria-hidden":"true",children:"☰"}),r("span",{class:"visually-hidden",children:"Spaces"})]}),r("a",{class:"brand",href:w.org(e),children:"Folio"}),u&&r("select",{"aria-label":"Organization",value:e,onChange:p=>U(w.org(p.target.value)),children:u.organizations.items.map(p=>r("option",{value:p.id,children:p.title},p.id))}),r("button",{type:"button",class:"search-button",onClick:()=>o(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",r("kbd",{children:"/"})]}),r("span",{class:"spacer"}),u&&r("a",{class:"account",href:"/account",title:u.viewer.email??void 0,children:u.viewer.displayName})]}),r("div",{class:"frame",children:[r("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[a.error&&!u&&r("p",{class:"notice error",role:"alert",children:a.error.message}),c.length>0&&r("section",{"aria-labelledby":"recent-h",children:[r("h2",{id:"recent-h",children:"Recent"}),r("ul",{class:"tree",children:c.map(p=>r("li",{children:r("a",{href:w.space(e,p.id),children:[p.emoji?r("span",{"aria-hidden":"true",children:[p.emoji," "]}):null,p.title||"Untitled space"]})},p.id))})]}),g&&r("section",{"aria-labelledby":"tree-h",children:[r("h2",{id:"tree-h",children:g.title}),r(En,{org:e,parent:null,collections:g.collections.items,spaces:g.spaces.items,current:n}),!g.collections.items.length&&!g.spaces.items.length&&r("p",{class:"muted",children:"No spaces yet."})]})]}),r("main",{id:"main",tabIndex:-1,children:t})]}),i&&r(In,{org:e,onClose:()=>o(!1)})]})}function J({pages:e,href:n,current:t,label:a}){return r("nav",{class:"pages","aria-label":a,children:r(Ln,{pages:e,href:n,current:t})})}function Ln({pages:e,href:n,current:t}){return e.length?r("ul",{children:e.map(a=>r("li",{children:[a.type==="group"?r("span",{class:"group",children:a.title}):r("a",{href:n(a.id),"aria-current":t===a.id?"page":void 0,children:[a.emoji?r("span",{"aria-hidden":"true",children:[a.emoji," "]}):null,a.title||"Untitled"]}),a.pages&&r(Ln,{pages:a.pages,href:n,current:t})]},a.id))}):null}function $e(e){for(let n of e){if(n.type==="document")return n;let t=n.pages&&$e(n.pages);if(t)return t}}function Dn({org:e,space:n,number:t,page:a}){let i=q(sn,{space:n,number:t});return r(O,{q:i,children:o=>{let s=o.space?.changeRequest;return!o.space||!s?r("h1",{children:"No such change request"}):r("div",{class:"reader",children:[r(J,{label:"Pages in this change request",pages:s.content.pages,href:l=>w.changeRequest(e,n,s.number,l),current:a}),r("article",{children:[r("p",{class:"crumb",children:[r("a",{href:w.space(e,n),children:o.space.title})," · change request #",s.number]}),r("h1",{children:s.subject||"Untitled change request"}),r("p",{children:[r("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),r("p",{children:r("a",{class:"review-link",href:w.review(e,n,s.number),children:"Review the changes, discuss and merge"})})]})]})}})}function Un({org:e,id:n}){let t=q(ln,{id:n});return r(O,{q:t,children:a=>a.collection?r(b,{children:[r("h1",{children:a.collection.title}),a.collection.description&&r("p",{class:"lead",children:a.collection.description}),r("ul",{class:"cards",children:[a.collection.collections.items.map(i=>r("li",{children:r("a",{href:w.collection(e,i.id),children:i.title})},i.id)),a.collection.spaces.items.map(i=>r("li",{children:r("a",{href:w.space(e,i.id),children:[i.emoji?r("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]})},i.id))]})]}):r("h1",{children:"No such collection"})})}function ce({id:e,error:n,field:t}){let a=n?.forField(t);return r("span",{id:e,class:"field-error",role:a?"alert":void 0,children:a??""})}function Vn({org:e}){let n=q(cn,{org:e});return r(O,{q:n,children:t=>t.organization?r(b,{children:[r("h1",{children:t.organization.title}),t.organization.permissions.createContent&&r(gr,{org:e}),r("section",{"aria-labelledby":"spaces-h",children:[r("h2",{id:"spaces-h",children:["Spaces (",t.organization.spaces.count,")"]}),r("ul",{class:"cards",children:t.organization.spaces.items.map(a=>r("li",{children:[r("a",{href:w.space(e,a.id),children:[a.emoji?r("span",{"aria-hidden":"true",children:[a.emoji," "]}):null,a.title||"Untitled space"]}),a.changeRequestsOpen>0&&r("span",{class:"muted",children:[" · ",a.changeRequestsOpen," open change requests"]})]},a.id))})]}),t.organization.changeRequests.items.length>0&&r("section",{"aria-labelledby":"cr-h",children:[r("h2",{id:"cr-h",children:"Open change requests"}),r("ul",{children:t.organization.changeRequests.items.map(a=>r("li",{children:[r("a",{href:K(a.urls.app),children:["#",a.number," ",a.subject||"Untitled change request"]})," ",r("span",{class:"muted",children:a.status})]},a.id))})]})]}):r("h1",{children:"No such organization"})})}function gr({org:e}){let n=Nn(),[t,a]=h(""),[i,o]=h(null),[s,l]=h(!1);return r("form",{class:"inline-form",onSubmit:async u=>{u.preventDefault(),l(!0);try{let g=await E(dn,{org:e,input:{title:t.trim()}});o(null),await n.reload(),U(K(g.createSpace.urls.app))}catch(g){o(g instanceof I?g:new I([{message:String(g)}]))}finally{l(!1)}},children:[r("label",{for:"new-space-title",children:"New space"}),r("input",{id:"new-space-title",value:t,required:!0,maxLength:50,"aria-invalid":!!i?.forField("title"),"aria-describedby":"new-space-title-error",onInput:u=>a(u.target.value)}),r("button",{type:"submit",disabled:s,children:"Create space"}),r(ce,{id:"new-space-title-error",error:i,field:"title"}),i&&!i.forField("title")&&r(D,{error:i})]})}function jn({org:e,slug:n}){let t=q(pn,{org:e,slug:n});return r(O,{q:t,children:a=>{let i=a.organization?.openAPISpec;return i?r(b,{children:[r("h1",{children:["OpenAPI: ",i.slug]}),r("dl",{children:[r("dt",{children:"State"}),r("dd",{children:i.processingState}),r("dt",{children:"Updated"}),r("dd",{children:new Date(i.updatedAt).toLocaleString()}),i.sourceURL&&r(b,{children:[r("dt",{children:"Source"}),r("dd",{children:i.sourceURL})]}),r("dt",{children:"Errors"}),r("dd",{children:i.lastProcessedErrorCount})]})]}):r("h1",{children:"No such OpenAPI specification"})}})}function Pe(e,n,t,a){let i=JSON.stringify(n),o=z({onResult:t,onReconnect:a});o.current={onResult:t,onReconnect:a},N(()=>{let s=null,l,u=!1,g=0,c=()=>{let p="/graphql?"+new URLSearchParams({query:e.document,operationName:e.name,variables:i}).toString();s=new EventSource(p,{withCredentials:!0}),g++>0&&o.current.onReconnect?.(),s.addEventListener("next",d=>{try{let y=JSON.parse(d.data);y.data&&o.current.onResult(y.data)}catch{}});let m=()=>{s?.close(),u||(l=window.setTimeout(c,2e3))};s.addEventListener("complete",m),s.onerror=m};return c(),()=>{u=!0,window.clearTimeout(l),s?.close()}},[e,i])}var mr=["👍","🎉","❤️"];function Z(e){return e instanceof I?e:new I([{message:String(e)}])}function Mn({org:e,space:n,number:t}){let a=q(vn,{space:n,number:t}),[i,o]=h(""),s=z({running:!1,again:!1}),l=async u=>{o(u);let g=s.current;if(g.running){g.again=!0;return}g.running=!0;try{do g.again=!1,await a.reload();while(g.again)}finally{g.running=!1}};return Pe(gn,{space:n,number:t},()=>l("The change request changed: updated."),()=>l("")),Pe(mn,{space:n,number:t},u=>l(u.commentsChanged.kind.startsWith("reply")?"A reply changed: updated.":"A comment changed: updated.")),r("div",{class:"review",children:r(O,{q:a,children:u=>{let g=u.space?.changeRequest;if(!u.space||!g)return r("h1",{children:"No such change request"});let c={space:n,number:t,viewer:u.viewer.id,canComment:u.space.permissions.comment,reload:a.reload},p=g.commentList.items.filter(y=>!y.target.page),m=y=>g.commentList.items.filter($=>$.target.page?.id===y),d=g.status==="draft"||g.status==="open";return r(b,{children:[r("p",{class:"crumb",children:[r("a",{href:w.space(e,n),children:u.space.title})," · ",r("a",{href:w.changeRequest(e,n,g.number),children:["change request #",g.number]})]}),r("h1",{children:["Review: ",g.subject||"Untitled change request"]}),r("p",{children:[r("span",{class:"badge "+g.status,children:g.status})," by ",g.createdBy.displayName,", updated"," ",r("time",{dateTime:g.updatedAt,children:new Date(g.updatedAt).toLocaleString()}),g.outdated&&d&&" · the space has moved on since it started"]}),r("p",{class:"live-status muted",role:"status","aria-live":"polite",children:i}),r(D,{error:a.error,onRetry:a.reload}),d&&u.space.permissions.merge&&r(hr,{ctx:c},g.revision),r("section",{"aria-labelledby":"review-changes",children:[r("h2",{id:"review-changes",children:["Changes ",r("span",{class:"muted",children:["(",g.pageChanges.length===1?"1 page":`${g.pageChanges.length} pages`,")"]})]}),g.pageChanges.length===0&&r("p",{class:"muted",children:"This change request changes no page yet."}),g.pageChanges.map(y=>r(yr,{change:y,threads:m(y.id),ctx:c},y.id))]}),r("section",{"aria-labelledby":"review-discussion",children:[r("h2",{id:"review-discussion",children:"Discussion"}),p.length===0&&r("p",{class:"muted",children:"No comments yet."}),r("ol",{class:"threads",children:p.map(y=>r(Fn,{thread:y,ctx:c},y.id))}),c.canComment&&r(Hn,{ctx:c,label:"Comment on the change request",id:"comment-cr"})]})]})}})})}var zn={added:"added",changed:"changed",moved:"moved",removed:"removed"};function yr({change:e,threads:n,ctx:t}){let a=e.diff,i="change-"+e.id;return r("article",{class:"page-change","aria-labelledby":i,children:[r("h3",{id:i,children:[r("span",{class:"badge kind-"+e.kind,children:zn[e.kind]})," ",e.title," ",r("span",{class:"muted path",children:["/",e.path,e.previousPath!=null&&` (was /${e.previousPath})`]})]}),r("p",{class:"muted",children:[a.added," ",a.added===1?"line":"lines"," added, ",a.removed," removed"]}),a.hunks.length>0&&r("div",{class:"diff-scroll",tabIndex:0,role:"region","aria-label":`Line diff of ${e.title}`,children:r("table",{class:"diff",children:[r("caption",{class:"visually-hidden",children:["Line diff of ",e.title,": old line, new line, text"]}),r("thead",{class:"visually-hidden",children:r("tr",{children:[r("th",{scope:"col",children:"Old line"}),r("th",{scope:"col",children:"New line"}),r("th",{scope:"col",children:"Text"})]})}),a.hunks.map((o,s)=>r("tbody",{children:[r("tr",{class:"hunk",children:r("td",{colSpan:3,children:["@@ −",o.oldStart,",",o.oldLines," +",o.newStart,",",o.newLines," @@"]})}),o.lines.map((l,u)=>r("tr",{class:"line "+l.kind,children:[r("td",{class:"num",children:l.oldNumber??""}),r("td",{class:"num",children:l.newNumber??""}),r("td",{class:"text",children:[r("span",{class:"sign","aria-label":l.kind==="context"?void 0:l.kind,children:l.kind==="added"?"+":l.kind==="removed"?"−":" "}),l.text]})]},u))]},s))]})}),a.truncated&&r("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."}),n.length>0&&r("ol",{class:"threads",children:n.map(o=>r(Fn,{thread:o,ctx:t},o.id))}),t.canComment&&e.kind!=="removed"&&r(Hn,{ctx:t,page:e.id,label:`Comment on ${e.title}`,id:"comment-"+e.id})]})}function Hn({ctx:e,page:n,label:t,id:a}){let[i,o]=h(""),[s,l]=h(!1),[u,g]=h(null);return r("form",{class:"comment-form",onSubmit:async p=>{p.preventDefault(),l(!0);try{await E(hn,{space:e.space,number:e.number,page:n??null,markdown:i}),o(""),g(null),await e.reload()}catch(m){g(Z(m))}finally{l(!1)}},children:[r("label",{for:a,children:t}),r("textarea",{id:a,rows:3,value:i,onInput:p=>o(p.target.value),"aria-describedby":a+"-error",required:!0}),r(ce,{id:a+"-error",error:u,field:"markdown"}),u&&!u.forField("markdown")&&r(D,{error:u}),r("button",{type:"submit",class:"primary",disabled:s||!i.trim(),children:n?"Comment on page":"Comment"})]})}function Fn({thread:e,ctx:n}){let[t,a]=h(null),[i,o]=h(""),[s,l]=h(!1),u=async p=>{l(!0);try{await p(),a(null),await n.reload()}catch(m){a(Z(m))}finally{l(!1)}},g=e.status==="resolved",c="reply-"+e.id;return r("li",{class:"thread "+e.status,"aria-label":`Comment by ${e.postedBy.displayName}`,children:[r(Bn,{who:e.postedBy.displayName,at:e.postedAt,markdown:e.body.markdown??""}),g&&r("p",{class:"muted",children:"Resolved"}),r("div",{class:"actions",children:[r(Wn,{reactions:e.reactions,ctx:n,busy:s,onToggle:(p,m)=>u(()=>E(xe,{space:n.space,number:n.number,comment:e.id,input:m?{removedReactions:[p]}:{addedReactions:[p]}}))}),n.canComment&&r("button",{type:"button",disabled:s,onClick:()=>u(()=>E(xe,{space:n.space,number:n.number,comment:e.id,input:{resolved:!g}})),children:g?"Reopen":"Resolve"})]}),r(D,{error:t}),e.replyList.items.length>0&&r("ol",{class:"replies",children:e.replyList.items.map(p=>r(fr,{reply:p,thread:e.id,ctx:n},p.id))}),e.permissions.reply&&r("form",{class:"reply-form",onSubmit:p=>{p.preventDefault(),u(async()=>{await E(_n,{space:n.space,number:n.number,comment:e.id,markdown:i}),o("")})},children:[r("label",{for:c,children:["Reply to ",e.postedBy.displayName]}),r("textarea",{id:c,rows:2,value:i,onInput:p=>o(p.target.value),required:!0}),r("button",{type:"submit",disabled:s||!i.trim(),children:"Reply"})]})]})}function fr({reply:e,thread:n,ctx:t}){let[a,i]=h(null),[o,s]=h(!1);return r("li",{class:"reply",children:[r(Bn,{who:e.postedBy.displayName,at:e.postedAt,markdown:e.body.markdown??""}),r(Wn,{reactions:e.reactions,ctx:t,busy:o,onToggle:async(l,u)=>{s(!0);try{await E(bn,{space:t.space,number:t.number,comment:n,reply:e.id,input:u?{removedReactions:[l]}:{addedReactions:[l]}}),i(null),await t.reload()}catch(g){i(Z(g))}finally{s(!1)}}}),r(D,{error:a})]})}function Bn({who:e,at:n,markdown:t}){return r(b,{children:[r("p",{class:"byline",children:[r("strong",{children:e})," ",r("time",{dateTime:n,children:new Date(n).toLocaleString()})]}),r("p",{class:"body",children:t})]})}function Wn({reactions:e,ctx:n,busy:t,onToggle:a}){if(!n.canComment&&e.length===0)return null;let i=[...e.map(o=>o.emoji),...mr.filter(o=>!e.some(s=>s.emoji===o))];return r("span",{class:"reactions",children:i.map(o=>{let s=e.find(g=>g.emoji===o),l=!!s?.users.some(g=>g.user.id===n.viewer),u=s?.count??0;return r("button",{type:"button",class:"reaction"+(l?" mine":""),"aria-pressed":l,"aria-label":`${o} ${u} ${l?"(yours: remove)":"(add)"}`,disabled:t||!n.canComment,onClick:()=>a(o,l),children:[o," ",u>0?u:""]},o)})})}function hr({ctx:e}){let[n,t]=h(null),[a,i]=h(null),[o,s]=h(!1),[l,u]=h(""),g=async()=>{s(!0);try{let p=await E(fn,{space:e.space,number:e.number});t(p.previewMerge),i(null)}catch(p){i(Z(p))}finally{s(!1)}},c=async()=>{if(n){s(!0);try{let p=await E(yn,{space:e.space,number:e.number,base:n.changeRequestRevision});u(p.mergeChangeRequest.revision),i(null),await e.reload()}catch(p){let m=Z(p);i(m),(m.code("PRECONDITION")||m.code("CONFLICT"))&&t(null)}finally{s(!1)}}};return r("section",{class:"merge-panel","aria-labelledby":"review-merge",children:[r("h2",{id:"review-merge",children:"Merge"}),l&&r("p",{role:"status",children:["Merged: the space is now at revision ",l,"."]}),!n&&!l&&r("button",{type:"button",class:"primary preview-merge",disabled:o,onClick:g,children:"Preview the merge"}),r(D,{error:a}),a?.code("PRECONDITION")&&r("p",{children:"The change request was edited after the preview: preview the merge again to see what it would do now."}),n&&!l&&r("div",{class:"merge-preview",children:[r("p",{children:[n.fastForward?"The space has not moved since this change request started: ":"The space has moved on: a three-way merge, ",n.changes.length===0?"the merge changes no page.":`the merge would change ${n.changes.length===1?"1 page":`${n.changes.length} pages`}:`]}),n.changes.length>0&&r("ul",{class:"merge-changes",children:n.changes.map(p=>r("li",{children:[r("span",{class:"badge kind-"+p.kind,children:zn[p.kind]})," ",p.title," ",r("span",{class:"muted",children:["/",p.path]}),p.previousPath!=null&&r("span",{class:"muted",children:[" (was /",p.previousPath,")"]})]},p.id))}),n.conflicts.length>0&&r("div",{class:"notice error conflicts",role:"alert",children:[r("p",{children:[r("strong",{children:n.conflicts.length===1?"1 conflict":`${n.conflicts.length} conflicts`}),": the merge cannot go ahead."]}),r("ul",{children:n.conflicts.map(p=>r("li",{children:[r("strong",{children:p.title}),p.path!=null&&r("span",{children:[" (/",p.path,")"]}),": ",p.message]},p.id))})]}),n.problem&&r("div",{class:"notice error",role:"alert",children:r("p",{children:n.problem})}),r("p",{class:"merge-buttons",children:[r("button",{type:"button",class:"primary do-merge",disabled:o||!n.mergeable,onClick:c,children:"Merge into the space"})," ",r("button",{type:"button",disabled:o,onClick:g,children:"Preview again"})]})]})]})}function Kn({org:e,space:n,revision:t,page:a}){let i=q(wn,{space:n,revision:t,page:a??"",withPage:!!a});return r(O,{q:i,children:o=>{let s=o.space?.revisionById;return!o.space||!s?r("h1",{children:"No such revision"}):r("div",{class:"reader",children:[r(J,{label:"Pages in this revision",pages:s.pages,href:l=>w.revision(e,n,s.id,l),current:a}),r("article",{children:[r("p",{class:"crumb",children:[r("a",{href:w.space(e,n),children:o.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?r(b,{children:[r("h1",{children:s.page.title}),r("pre",{class:"markdown",children:s.page.markdown})]}):r("h1",{children:["Revision ",s.id]})]})]})}})}function Qn({org:e,site:n,preview:t}){let a=q(Sn,{org:e,site:n});return r(O,{q:a,children:i=>{let o=i.organization?.site;return o?r(b,{children:[r("h1",{children:[o.title,t?" (preview)":""]}),r("p",{children:[o.published?"Published":"Not published"," · ",o.visibility," · ",o.siteSpaces," spaces"]}),r("ul",{children:[o.urls.published&&r("li",{children:r("a",{href:o.urls.published,children:"Open the published site"})}),r("li",{children:r("a",{href:o.urls.preview,children:"Preview"})})]})]}):r("h1",{children:"No such site"})}})}function Jn({org:e,space:n,page:t}){let a=q(kn,{space:n,page:t??"",withPage:!!t}),i=a.data?.space;return N(()=>{i&&An(e,{id:i.id,title:i.title,emoji:i.emoji})},[i?.id]),r(O,{q:a,children:o=>{let s=o.space;if(!s)return r("h1",{children:"No such space"});let l=$e(s.revision.pages),u=s.revision.page;return r("div",{class:"reader",children:[r(J,{label:"Pages",pages:s.revision.pages,href:g=>w.page(e,s.id,g),current:t??l?.id}),r("article",{children:[u?r("p",{class:"crumb",children:[s.emoji?r("span",{"aria-hidden":"true",children:[s.emoji," "]}):null,s.title||"Untitled space"]}):r("h1",{children:[s.emoji?r("span",{"aria-hidden":"true",children:[s.emoji," "]}):null,s.title||"Untitled space"]}),u?r(b,{children:[r("h1",{children:u.title}),u.description&&r("p",{class:"lead",children:u.description}),r("pre",{class:"markdown",children:u.markdown})]}):l?r("p",{children:r("a",{href:w.page(e,s.id,l.id),children:["Read ",l.title]})}):r("p",{class:"muted",children:"This space has no pages yet."})]})]})}})}function _r(e){switch(e.kind){case"changeRequest":return`Change request #${e.number} · Folio`;case"review":return`Review #${e.number} · Folio`;case"site":return"Site · Folio";case"openapi":return`OpenAPI ${e.slug} · Folio`;default:return"Folio"}}function vr({route:e}){switch(e.kind){case"org":return r(Vn,{org:e.org});case"collection":return r(Un,{org:e.org,id:e.id});case"space":return r(Jn,{org:e.org,space:e.space,page:e.page});case"revision":return r(Kn,{org:e.org,space:e.space,revision:e.revision,page:e.page});case"changeRequest":return r(Dn,{org:e.org,space:e.space,number:e.number,page:e.page});case"review":return r(Mn,{org:e.org,space:e.space,number:e.number});case"site":return r(Qn,{org:e.org,site:e.site,preview:e.preview});case"openapi":return r(jn,{org:e.org,slug:e.slug});default:return null}}function br(){let e=q(xn,{}),n=e.data?.organizations.items[0];return N(()=>{n&&U(w.org(n.id),!0)},[n?.id]),r("main",{id:"main",class:"start",children:r(O,{q:e,children:t=>t.organizations.items.length?r("p",{role:"status",children:["Opening ",t.organizations.items[0].title,"…"]}):r(b,{children:[r("h1",{children:["Welcome, ",t.viewer.displayName]}),r("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",r("a",{href:"/account",children:"account page"}),"."]})]})})})}function Gn(){let e=Pn();if(N(()=>{document.title=_r(e),document.getElementById("main")?.focus({preventScroll:!0})},[e]),e.kind==="start")return r(br,{});if(e.kind==="notFound")return r("main",{id:"main",class:"start",children:[r("h1",{children:"Not found"}),r("p",{children:["The app has no page at ",e.path,". ",r("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let n=e.kind==="space"||e.kind==="revision"||e.kind==="changeRequest"?e.space:e.kind==="collection"?e.id:void 0;return r(Tn,{org:e.org,current:n,children:r(vr,{route:e})})}$n();He(r(Gn,{}),document.getElementById("app"));
