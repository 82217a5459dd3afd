var x,Je,Ct,J,qe,he,Ge,ge,Ye,Ie,Ee,Xe,oe=Symbol.for("pv"),_e={},be=[],$t=/^m(i|n|o|s|text|space)$/,Te=Array.isArray,Ze=be.slice,Z=Object.assign;function X(e){e&&e.parentNode&&e.remove()}function me(e,n,r,a,o){var i={type:e,props:n,key:r,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:oe,__v:o||++Je,__i:-1,__u:0};return!o&&x.vnode&&x.vnode(i),i}function C(e){return e.children}function ye(e,n){this.props=e,this.context=n,this.__g=0}function G(e,n){if(n==null)return e.__&&G(e.__,e.__i+1);for(var r;n<e.__k.length;n++)if((r=e.__k[n])&&r.__e)return r.__e;return typeof e.type!="function"||e.props.__P?null:G(e)}function Pt(e){var n,r=e.__v,a=r.__e,o=[],i=[],s=e.__P;s&&((n=Z({constructor:oe},r)).__v=r.__v+1,x.vnode&&x.vnode(n),Oe(s,n,r,e.__n,s.namespaceURI,32&r.__u?[a]:null,o,a||G(r),32&r.__u,i),n.__v=r.__v,n.__.__k[n.__i]=n,on(o,n,i),r.__=r.__e=null,n.__e!=a&&en(n))}function en(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(n){return n&&(e.__e=n.__e)}),en(e)}function Ae(e){(8&e.__g||(e.__g|=8,J.push(e),he++))&&qe==x.debounceRendering||((qe=x.debounceRendering)||queueMicrotask)(nn)}function nn(){try{for(var e,n=1;J.length;)J.length>n&&J.sort(Ge),e=J.shift(),n=J.length,8&e.__g&&Pt(e)}finally{(he=J.length)&&(qe||queueMicrotask)(nn)}}function tn(e,n,r,a,o,i,s,l,g,c,p){var u,m,d,y,S,_,k=a.__k||be,f=n.length;for(g=qt(r,n,k,g,f),u=0;u<f;u++)(d=r.__k[u])!=null&&(m=~d.__i&&k[d.__i]||_e,d.__i=u,_=Oe(e,d,m,o,i,s,l,g,c,p),y=d.__e,(m.ref!=d.ref||8&m.__u)&&(m.ref&&Ne(m.ref,null,d,m),d.ref&&p.push(d.ref,d.__c||y,d)),S=S||y,4&d.__u?(g=rn(d,g,e,!m.__v),m.__e&&(m.__e=null)):typeof d.type=="function"&&_!==void 0?g=_:y&&(g=y.nextSibling),d.__u&=-21);return r.__e=S,g}function qt(e,n,r,a,o){var i,s,l,g,c,p,u,m,d,y=r.length,S=y,_=0,k=0,f=e.__k=Array(o);for(i=0;i<o;i++)(s=n[i])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=f[i]=me(null,s):Te(s)?s=f[i]=me(C,{children:s}):s.constructor===oe&&s.__b?s=f[i]=me(s.type,s.props,s.key,s.ref,s.__v):f[i]=s,g=i+_,s.__=e,s.__b=e.__b+1,l=null,~(c=s.__i=Et(s,r,g,S))&&(S--,(l=r[c])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,c==g-1?_--:c==g+1?_++:c!=g&&(c>g?_--:_++,k=1)):(~c||(o>y?_--:o<y&&_++),typeof s.type!="function"&&(s.__u|=4))):f[i]=null;if(k){for(p=[],u=[],i=0;i<o;i++)if((s=f[i])&&16&s.__u){for(_=0,m=p.length;_<m;)p[d=_+m>>1]<s.__i?_=d+1:m=d;p[_]=s.__i,u[i]=_+1}for(_=p.length;i--;)u[i]&&(u[i]==_?_--:f[i].__u|=4)}if(S)for(i=0;i<y;i++)!(l=r[i])||2&l.__u||(l.__e==a&&(a=G(l)),Le(l,l));return a}function rn(e,n,r,a){var o,i,s,l;if(typeof e.type=="function"){if(e.props.__P)return n;if(o=e.__k)for(i=0;i<o.length;i++)o[i]&&(o[i].__=e,n=rn(o[i],n,r,!1));return n}for(n&&!n.parentNode&&(n=G(e))&&!n.parentNode&&(n=null),s=e.__e,l=n;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!a&&r.moveBefore&&s.parentNode?r.moveBefore(s,n):r.insertBefore(s,n||null)),n=s;(n=n&&n.nextSibling)&&n.nodeType==8&&!n.data.startsWith("$s"););return n}function Et(e,n,r,a){var o,i=e.key,s=e.type,l=n[r],g=l&&!(2&l.__u);if(l===null&&i==null||g&&i==l.key&&s==l.type)return r;if(a>(g?1:0)){for(o=r-1;o>=0;o--)if((l=n[o])&&!(2&l.__u)&&i==l.key&&s==l.type)return o;for(o=r+1;o<n.length;o++)if((l=n[o])&&!(2&l.__u)&&i==l.key&&s==l.type)return o}return-1}function Qe(e,n,r){r==null&&(r=""),n[0]=="-"?e.setProperty(n,r):e[n]=r}function ce(e,n,r,a,o){var i,s;if(n=="style")if(typeof r=="string")e.style.cssText=r;else{if(typeof a=="string"&&(e.style.cssText=a=""),a)for(n in a)r&&n in r||Qe(e.style,n);if(r)for(n in r)a&&r[n]==a[n]||Qe(e.style,n,r[n])}else if(n[0]=="o"&&n[1]=="n")typeof r!="function"&&(r=null),typeof a!="function"&&(a=null),(e.__e||(e.__e={}))[n]=r,r&&a||(s=Ee[n]||(Ee[n]=At(n)),(e.__a||(e.__a={}))[n]=Ie,i=n!=(n=n.replace(Ye,"$1")),(n=n.slice(2))[0]<"a"&&(n=n.toLowerCase()),r?e.addEventListener(n,s,i):e.removeEventListener(n,s,i));else{if(o=="http://www.w3.org/2000/svg")n=n.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(n!="width"&&n!="height"&&n!="href"&&n!="list"&&n!="form"&&n!="tabIndex"&&n!="download"&&n!="rowSpan"&&n!="colSpan"&&n!="role"&&n!="popover"&&n in e)try{return void(e[n]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&n[4]!="-"?e.removeAttribute(n):e.setAttribute(n,n=="popover"&&r==1?"":r)}}function At(e){return function(n){var r=this.__e;if(r){if(r=r[e],n[ge]==null)n[ge]=Ie++;else if(n[ge]<this.__a[e])return;return r(x.event?x.event(n):n)}}}function Oe(e,n,r,a,o,i,s,l,g,c){var p,u,m,d,y,S,_,k,f,w,b,D,B,Y,Q,pe,W,K,F=n.type;if(n.constructor!==oe)return null;128&r.__u&&(g=32&r.__u,p=r.__c.__z)&&(n.__u|=g,u=i=[],p.nodeType==8?l=fe(p,i):i.push(p),l=i[0]||l),(p=x.__b)&&p(n);e:if(typeof F=="function"){m=s.length;try{if(k=n.props,f=(p=F.prototype)&&p.render,w=(p=F.contextType)&&a[p.__c],b=p?w?w.props.value:p.__:a,(d=r.__c)?(n.__c=d,2&d.__g&&(d.__g|=1)):(f?n.__c=d=new F(k,b):(n.__c=d=new ye(k,b),d.constructor=F,d.render=Tt),w&&w.sub(d),d.state||(d.state={}),d.__n=a,d.__g|=8,d.__h=[],d.__k=[]),f&&(d.__s||(d.__s=d.state),F.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=Z({},d.__s)),Z(d.__s,F.getDerivedStateFromProps(k,d.__s)))),y=d.props,S=d.state,d.__v=n,r.__c){if(k!==y&&f&&!F.getDerivedStateFromProps&&d.componentWillReceiveProps&&d.componentWillReceiveProps(k,b),n.__v==r.__v&&!(8&d.__g)||!(4&d.__g)&&d.shouldComponentUpdate&&d.shouldComponentUpdate(k,d.__s,b)===!1){n.__v!=r.__v&&(d.props=k,d.state=d.__s,d.__g&=-9),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(M){M&&(M.__=n)}),be.push.apply(d.__h,d.__k),d.__k=[],d.__h.length&&s.push(d),l=G(r);break e}d.componentWillUpdate&&d.componentWillUpdate(k,d.__s,b),f&&d.componentDidUpdate&&d.__h.push(function(){d.componentDidUpdate(y,S,_)})}else f&&!F.getDerivedStateFromProps&&d.componentWillMount&&d.componentWillMount(),f&&d.componentDidMount&&d.__h.push(d.componentDidMount);d.context=b,d.props=k,d.__P=e,d.__g&=-5,D=x.__r,B=f?25:0;do d.__g&=-9,D&&D(n),p=d.render(d.props,d.state=d.__s,d.context);while(8&d.__g&&++B<25);f&&(be.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(a=Z({},a,d.getChildContext())),f&&r.__c&&d.getSnapshotBeforeUpdate&&(_=d.getSnapshotBeforeUpdate(y,S)),Y=p&&p.type===C&&p.key==null?p.props.children:p,k.__P&&(p=l,o=(e=k.__P).namespaceURI,g=i=null,r.props&&r.props.__P!=e&&(r.__k.some(function(M){M&&Le(M,M)}),r.__k=null),l=r.__k?G(r,0):null),l=tn(e,Te(Y)?Y:[Y],n,r,a,o,i,s,l,g,c),k.__P&&(n.__e=null,l=p),n.__u&=-161,u&&u.some(X),d.__h.length&&s.push(d),1&d.__g&&(d.__g&=-4)}catch(M){if(s.length=m,n.__v=null,g||i)if(M&&M.then){if(n.__u|=128|g,i){for(~(W=i.indexOf(l||void 0))||(W=i.length);(K=i[W-1])&&K.nodeType==8;)W--;for(;W<i.length;W++)if(K=i[W])if(i[W]=null,Q){if(K==pe)break}else{if(K.nodeType!=8)break;K.data.startsWith("$s")&&(pe=fe(Q=K))}}if(!Q){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;Q=l}(p=fe(Q=n.__c.__z||(n.__c.__z=Q)))?(n.__e=Q,l=p):n.__e=l,l=l&&l.nextSibling}else i&&i.some(X);else n.__e=r.__e;n.__k||(n.__k=r.__k||[]),M&&M.then||an(n),x.__e(M,n,r)}}else l=n.__e=It(r.__e,n,r,a,o,i,s,g,c,e);return(p=x.diffed)&&p(n),l}function fe(e,n){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var r=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))r++;else if(e.data.startsWith("/$s")&&!--r)return e}n&&n.push(e)}}function an(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(an))}function on(e,n,r){for(var a=0;a<r.length;)Ne(r[a++],r[a++],r[a++]);x.__c&&x.__c(n,e),e.some(function(o){try{e=o.__h,o.__h=[],e.some(function(i){i.call(o)})}catch(i){x.__e(i,o.__v)}})}function It(e,n,r,a,o,i,s,l,g,c){var p,u,m,d,y,S,_,k,f=r.props||_e,w=n.props,b=n.type;if(b=="svg"?o="http://www.w3.org/2000/svg":b=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),i){for(p=0;p<i.length;p++)if((y=i[p])&&(b?y.localName==b:y.nodeType==3)){e=y,i[p]=null;break}}if(!e){if(k=c.ownerDocument||document,!b)return k.createTextNode(w);e=k.createElementNS(o,b,w.is?w:c),l&&(x.__m&&x.__m(n,i),l=!1),i=null}if(b){if(c=b=="template"&&e.content||e,i=b=="textarea"&&w.defaultValue!=null?null:i&&Ze.call(c.childNodes),!l&&i)for(f={},p=0;p<e.attributes.length;p++)f[(y=e.attributes[p]).name]=y.value;for(p in f)y=f[p],p=="dangerouslySetInnerHTML"?m=y:p=="children"||p in w||p=="value"&&"defaultValue"in w||p=="checked"&&"defaultChecked"in w||ce(e,p,null,y,o);for(p in w)y=w[p],p=="children"?d=y:p=="dangerouslySetInnerHTML"?u=y:p=="value"?S=y:p=="checked"?_=y:l&&typeof y!="function"||f[p]===y||ce(e,p,y,f[p],o);u?(l||m&&(u.__html==m.__html||u.__html==e.innerHTML)||(e.innerHTML=u.__html),n.__k=[]):(m&&(e.textContent=""),(b=="foreignObject"||o=="http://www.w3.org/1998/Math/MathML"&&$t.test(b))&&(o="http://www.w3.org/1999/xhtml"),tn(c,Te(d)?d:[d],n,r,a,o,i,s,i?i[0]:r.__k&&G(r,0),l,g),i&&i.some(X)),l&&b!="textarea"||(p="value",b=="progress"&&S==null?e.removeAttribute(p):S==null||S===e[p]&&(b!="progress"||S)||ce(e,p,S,f[p],o),p="checked",_!=null&&_!=e[p]&&ce(e,p,_,f[p],o))}else f===w||l&&e.data==w||(e.data=w);return e}function Ne(e,n,r,a){try{typeof e=="function"?n?n.__x=e(n)||1:a&&(a=a.__c||a.__e)&&(n=a.__x)&&(a.__x=null,typeof n=="function"?n():e(null)):e.current=n}catch(o){x.__e(o,r)}}function Le(e,n,r){var a,o,i,s;if(x.unmount&&x.unmount(e),!(a=e.ref)||a.current&&a.current!=e.__e||Ne(a,null,n,e),a=e.__c){if(a.componentWillUnmount)try{a.componentWillUnmount()}catch(l){x.__e(l,n)}a.__P=a.__n=null}if(a=e.__k)for(s=0;s<a.length;s++)a[s]&&Le(a[s],n,typeof e.type!="function"||r&&!e.props.__P);!r&&(a=e.__c)&&(a=a.__z)&&(o=fe(a,i=[]))&&(a==e.__e&&i.some(X),X(o),X(a)),r||X(e.__e),e.__e=e.__c=e.__=null}function Tt(e,n,r){return this.constructor(e,r)}function sn(e,n){var r,a,o,i;x.__&&x.__(e,n),n.nodeType==9&&(n=n.documentElement),a=(r=e&&32&e.__u)?null:n.__k,n.__k=me(C,{children:[e]}),o=[],i=[],Oe(n,n.__k,a||_e,_e,n.namespaceURI,a?null:n.firstChild?Ze.call(n.childNodes):null,o,a?a.__e:n.firstChild,r,i),on(o,n.__k,i),n.__k.props.children=null}function ln(e){function n(r){var a,o;return this.getChildContext||(a=new Set,(o={})[n.__c]=this,this.getChildContext=function(){return o},this.shouldComponentUpdate=function(i){this.props.value!=i.value&&a.forEach(function(s){s.__g|=4,Ae(s)})},this.sub=function(i){a.add(i);var s=i.componentWillUnmount;i.componentWillUnmount=function(){a.delete(i),s&&s.call(i)}}),r.children}return n.__c="__cC"+Xe++,n.__=e,n.Provider=(n.Consumer=function(r,a){return r.children(a)}).contextType=n,n}x={__e:function(e,n,r,a){for(var o,i,s;n=n.__;)if((o=n.__c)&&!(1&o.__g)){o.__g|=4;try{if((s=(i=o.constructor)&&i.getDerivedStateFromError)&&o.setState(i.getDerivedStateFromError(e)),o.componentDidCatch&&(o.componentDidCatch(e,a||{}),s=1),s&&8&o.__g)return void(o.__g|=2)}catch(l){e=l}}throw he=0,e}},Je=0,Ct=function(e){return e!=null&&e.constructor===oe},ye.prototype.setState=function(e,n){var r=this.__s;r&&r!=this.state||(r=this.__s=Z({},this.state)),typeof e=="function"&&(e=e(Z({},r),this.props)),e&&(Z(r,e),this.__v&&(n&&this.__k.push(n),Ae(this)))},ye.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),Ae(this))},ye.prototype.render=C,J=[],he=0,Ge=function(e,n){return e.__v.__b-n.__v.__b},ge=Symbol(),Ye=/(PointerCapture)$|Capture$/i,Ie=0,Ee={},Xe=0;var te,I,De,dn,Me=Object.is,le=0,_n=[],je=[],T=x,pn=T.__b,un=T.__r,cn=T.diffed,gn=T.__c,mn=T.unmount,yn=T.__;function ve(e,n){T.__h&&T.__h(I,e,le||n),le=0;var r=I.__H||(I.__H={__:[],__h:[]});return e>=r.__.length&&r.__.push({}),r.__[e]}function h(e){return le=1,Ot(Rn,e)}function Ot(e,n,r){var a=ve(te++,2);if(a.t=e,!a.__c&&(a.__=[r?r(n):Rn(void 0,n),function(i){var s=(a.__N||a.__)[0],l=a.t(s,i);Me(s,l)||(a.__N=[l,a.__[1]],a.__c.setState({}))}],a.__c=I,!I.__f)){I.__f=!0;var o=I.shouldComponentUpdate;I.shouldComponentUpdate=function(i,s,l){var g=this.__H;if(!g)return!0;var c=!1,p=this.props!=i;if(g.__.some(function(m){m.__N&&(c=!0,Me(m.__[0],m.__N[0])||(p=!0))}),o){var u=o.call(this,i,s,l);return c?u||p:u}return!c||p}}return a.__}function E(e,n){var r=ve(te++,3);!T.__s&&wn(r.__H,n)&&(r.__P=!0,r.__=e,r.u=n,I.__H.__h.push(r))}function H(e){return le=5,we(function(){return{current:e}},[])}function we(e,n){var r=ve(te++,7);return wn(r.__H,n)&&(r.__=e(),r.__H=n),r.__}function bn(e,n){return le=8,we(function(){return e},n)}function vn(e){var n=I.context[e.__c],r=ve(te++,9);return r.c=e,n?(r.__==null&&(r.__=!0,n.sub(I)),n.props.value):e.__}function Nt(){var e;do{for(;e=je.shift();)try{se(e)}catch(r){T.__e(r,{__:(e=e.__P)&&e.__v})}for(;e=_n.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(se),n.__h.some(Ue),n.__h=[]}catch(r){n.__h=[],T.__e(r,e.__v)}}}while(je.length)}T.__b=function(e){I=null,pn&&pn(e)},T.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),yn&&yn(e,n)},T.__r=function(e){un&&un(e),te=0;var n=(I=e.__c).__H;n&&(De==I?I.__h=[]:(n.__h.some(se),n.__h.some(Ue),te=0),n.__h=[],n.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),De=I},T.diffed=function(e){cn&&cn(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&hn(_n.push(n)),n.__H.__.some(function(r){r.u&&(r.__H=r.u)})),De=I=null},T.__c=function(e,n){n.some(function(r){try{r.__h.some(se),r.__h=r.__h.filter(function(a){return!a.__||Ue(a)})}catch(a){r.__h=[function(){throw a}]}}),gn&&gn(e,n)},T.unmount=function(e){mn&&mn(e);var n,r,a=e.__c;a&&a.__H&&(a.__H.__.some(function(o){try{if(o.__P&&o.__c){if(r===void 0){for(r=e.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}o.__P=r,hn(je.push(o))}else se(o)}catch(i){n=i}}),a.__H=void 0,n&&T.__e(n,a.__v))};var fn=typeof requestAnimationFrame=="function";function Lt(e){var n,r=function(){clearTimeout(a),fn&&cancelAnimationFrame(n),setTimeout(e)},a=setTimeout(r,35);fn&&(n=requestAnimationFrame(r))}function hn(e){e!=1&&dn==T.requestAnimationFrame||((dn=T.requestAnimationFrame)||Lt)(Nt)}function se(e){var n=I,r=e.__c;typeof r=="function"&&(e.__c=void 0,r()),I=n}function Ue(e){var n=I;e.__c=e.__(),I=n}function wn(e,n){return!e||e.length!=n.length||n.some(function(r,a){return!Me(r,e[a])})}function Rn(e,n){return typeof n=="function"?n(e):n}var kn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},Sn={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},xn={name:"CreateChangeRequest",kind:"mutation",document:`mutation CreateChangeRequest ($space: ID!, $subject: String) {
  createChangeRequest(spaceId: $space, input: {subject:$subject}) {
    id
    number
  }
}`},Cn={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},$n={name:"EditContent",kind:"mutation",document:`mutation EditContent ($space: ID!, $cr: String!, $input: ChangeRequestContentInput!) {
  updateChangeRequestContent(spaceId: $space, changeRequestId: $cr, input: $input) {
    changeRequest {
      id
      revision
    }
    changes {
      object
      ref
      page
    }
    insertedFiles {
      id
      name
      contentType
      downloadURL
    }
  }
}`},Pn={name:"EditorScreen",kind:"query",document:`query EditorScreen ($space: ID!, $number: String!, $page: ID!, $withPage: Boolean!) {
  space(id: $space) {
    id
    title
    organization
    permissions {
      edit
    }
    changeRequest(id: $number) {
      id
      number
      subject
      status
      revision
      urls {
        app
      }
      content {
        id
        pages {
          ... PageTree
        }
        files {
          id
          name
          contentType
          downloadURL
        }
        page(id: $page, format: markdown) @include(if: $withPage) {
          id
          title
          description
          markdown
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
}`},qn={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},En={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},An={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},In={name:"RenderPreview",kind:"query",document:`query RenderPreview ($markdown: String!, $space: ID) {
  renderMarkdown(markdown: $markdown, spaceId: $space)
}`},Tn={name:"ReviewLiveChangeRequest",kind:"subscription",document:`subscription ReviewLiveChangeRequest ($space: ID!, $number: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $number) {
    revision
    updatedAt
  }
}`},On={name:"ReviewLiveComments",kind:"subscription",document:`subscription ReviewLiveComments ($space: ID!, $number: ID!) {
  commentsChanged(spaceId: $space, changeRequestId: $number) {
    kind
    commentId
  }
}`},Nn={name:"ReviewMerge",kind:"mutation",document:`mutation ReviewMerge ($space: ID!, $number: String!, $base: String) {
  mergeChangeRequest(spaceId: $space, changeRequestId: $number, baseRevision: $base) {
    revision
  }
}`},Ln={name:"ReviewMergePreview",kind:"query",document:`query ReviewMergePreview ($space: ID!, $number: String!) {
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
}`},Dn={name:"ReviewPostComment",kind:"mutation",document:`mutation ReviewPostComment ($space: ID!, $number: String!, $page: String, $markdown: String!) {
  postComment(spaceId: $space, changeRequestId: $number, input: {page:$page,body:{markdown:$markdown}}) {
    id
  }
}`},Mn={name:"ReviewPostReply",kind:"mutation",document:`mutation ReviewPostReply ($space: ID!, $number: String!, $comment: ID!, $markdown: String!) {
  postCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, input: {body:{markdown:$markdown}}) {
    id
  }
}`},jn={name:"ReviewScreen",kind:"query",document:`query ReviewScreen ($space: ID!, $number: String!) {
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
}`},Ve={name:"ReviewUpdateComment",kind:"mutation",document:`mutation ReviewUpdateComment ($space: ID!, $number: String!, $comment: ID!, $input: UpdateCommentInput!) {
  updateComment(spaceId: $space, changeRequestId: $number, commentId: $comment, input: $input) {
    id
  }
}`},Un={name:"ReviewUpdateReply",kind:"mutation",document:`mutation ReviewUpdateReply ($space: ID!, $number: String!, $comment: ID!, $reply: ID!, $input: UpdateCommentReplyInput!) {
  updateCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, replyId: $reply, input: $input) {
    id
  }
}`},Vn={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
        html
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
}`},zn={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},Fn={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},Hn={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($org: ID!, $space: ID!, $page: ID!, $withPage: Boolean!) {
  viewer {
    id
  }
  organization(id: $org) {
    id
    changeRequests(space: $space, status: [draft,open], limit: 50) {
      items {
        id
        number
        subject
        createdBy {
          id
        }
      }
    }
  }
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
        html
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
}`},Bn={name:"Start",kind:"query",document:`query Start {
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
}`};var q=class extends Error{constructor(r,a=null){super(r.map(o=>o.message).join("; "));this.errors=r;this.data=a}errors;data;code(r){return this.errors.find(a=>a.extensions?.code===r)}forField(r){let a=new RegExp(`(^|[.\\]])${r}:`);return this.errors.find(i=>i.extensions?.field===r||a.test(i.message.split(" ")[0]??""))?.message}};function Dt(){for(let e of document.cookie.split(";")){let[n,r]=e.trim().split("=");if(n==="folio_csrf")return decodeURIComponent(r??"")}return""}function Mt(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new q([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function N(e,n,r){let a;try{a=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":Dt()},body:JSON.stringify({query:e.document,operationName:e.name,variables:n}),signal:r})}catch(i){throw i.name==="AbortError"?i:new q([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let o;try{o=await a.json()}catch{throw new q([{message:`The server answered ${a.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(o.errors?.length)throw o.errors.some(i=>i.extensions?.code==="UNAUTHENTICATED")&&Mt(),new q(o.errors,o.data??null);if(o.data==null)throw new q([{message:`The server answered ${a.status} without data.`}]);return o.data}var jt=Symbol.for("pv"),Ut=0;function t(e,n,r,a,o,i){n||(n={});var s,l,g=n;if("ref"in g&&typeof e!="function")for(l in g={},n)l=="ref"?s=n[l]:g[l]=n[l];var c={type:e,props:g,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:jt,__v:--Ut,__i:-1,__u:0};return(o||i)&&(c.__source=o,c.__self=i),x.vnode&&x.vnode(c),c}function A(e,n,r=!1){let a=JSON.stringify(n),[o,i]=h(null),[s,l]=h(null),[g,c]=h(!r),p=H(null),u=bn(async()=>{p.current?.abort();let m=new AbortController;p.current=m,c(!0);try{let d=await N(e,JSON.parse(a),m.signal);if(m.signal.aborted)return;i(d),l(null)}catch(d){if(m.signal.aborted)return;l(d instanceof q?d:new q([{message:String(d)}]))}finally{m.signal.aborted||c(!1)}},[e,a]);return E(()=>{if(!r)return i(null),u(),()=>p.current?.abort()},[u,r]),{data:o,error:s,loading:g,reload:u}}function z({error:e,onRetry:n}){return e?t("div",{class:"notice error",role:"alert",children:[t("p",{children:e.message}),n&&t("button",{type:"button",onClick:n,children:"Try again"})]}):null}function O({q:e,children:n}){return e.error&&!e.data?t(z,{error:e.error,onRetry:e.reload}):e.data?t(C,{children:n(e.data)}):t("p",{class:"muted",role:"status",children:"Loading…"})}var P="([^/]+)",Vt=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${P}/?$`),e=>({kind:"org",org:e[1]})],[new RegExp(`^/app/o/${P}/c/${P}/?$`),e=>({kind:"collection",org:e[1],id:e[2]})],[new RegExp(`^/app/o/${P}/s/${P}(?:/page/${P})?/?$`),e=>({kind:"space",org:e[1],space:e[2],page:e[3]})],[new RegExp(`^/app/o/${P}/s/${P}/revisions/${P}(?:/page/${P})?/?$`),e=>({kind:"revision",org:e[1],space:e[2],revision:e[3],page:e[4]})],[new RegExp(`^/app/o/${P}/s/${P}/change-requests/${P}/edit(?:/page/${P})?/?$`),e=>({kind:"edit",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${P}/s/${P}/change-requests/${P}(?:/page/${P})?/?$`),e=>({kind:"changeRequest",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${P}/s/${P}/change-requests/${P}/review/?$`),e=>({kind:"review",org:e[1],space:e[2],number:e[3]})],[new RegExp(`^/app/o/${P}/sites/${P}(/preview)?/?$`),e=>({kind:"site",org:e[1],site:e[2],preview:!!e[3]})],[new RegExp(`^/app/o/${P}/openapi/${P}/?$`),e=>({kind:"openapi",org:e[1],slug:e[2]})]];function Wn(e){for(let[n,r]of Vt){let a=n.exec(e);if(a)return r(a.map(o=>o===void 0?o:decodeURIComponent(o)))}return{kind:"notFound",path:e}}var $=encodeURIComponent,R={org:e=>`/app/o/${$(e)}`,collection:(e,n)=>`/app/o/${$(e)}/c/${$(n)}`,space:(e,n)=>`/app/o/${$(e)}/s/${$(n)}`,page:(e,n,r)=>`/app/o/${$(e)}/s/${$(n)}/page/${$(r)}`,revision:(e,n,r,a)=>`/app/o/${$(e)}/s/${$(n)}/revisions/${$(r)}`+(a?`/page/${$(a)}`:""),changeRequest:(e,n,r,a)=>`/app/o/${$(e)}/s/${$(n)}/change-requests/${$(String(r))}`+(a?`/page/${$(a)}`:""),review:(e,n,r)=>`/app/o/${$(e)}/s/${$(n)}/change-requests/${$(String(r))}/review`,edit:(e,n,r,a)=>`/app/o/${$(e)}/s/${$(n)}/change-requests/${$(String(r))}/edit`+(a?`/page/${$(a)}`:""),site:(e,n)=>`/app/o/${$(e)}/sites/${$(n)}`,openapi:(e,n)=>`/app/o/${$(e)}/openapi/${$(n)}`};function ee(e){try{let n=new URL(e,location.href);return n.pathname+n.hash}catch{return e}}var Re=new Set;function U(e,n=!1){n?history.replaceState(null,"",e):history.pushState(null,"",e),Re.forEach(r=>r()),n||window.scrollTo(0,0)}function Kn(){document.addEventListener("click",e=>{if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;let n=e.target?.closest?.("a");if(!n||n.target||n.hasAttribute("download"))return;let r=new URL(n.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(e.preventDefault(),U(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>Re.forEach(e=>e()))}function Qn(){let[e,n]=h(()=>Wn(location.pathname));return E(()=>{let r=()=>n(Wn(location.pathname));return Re.add(r),()=>{Re.delete(r)}},[]),e}var Jn=e=>`folio.recent.${e}`;function ze(e){try{let n=JSON.parse(localStorage.getItem(Jn(e))??"[]");return Array.isArray(n)?n.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function Gn(e,n){let r=[n,...ze(e).filter(a=>a.id!==n.id)].slice(0,5);try{localStorage.setItem(Jn(e),JSON.stringify(r))}catch{}}function Yn({org:e,onClose:n}){let r=H(null),[a,o]=h(""),[i,s]=h(null),[l,g]=h(null);E(()=>{r.current?.showModal()},[]),E(()=>{let u=a.trim();if(!u){s(null);return}let m=new AbortController,d=setTimeout(async()=>{try{let y=await N(An,{org:e,query:u},m.signal);s(y.organization?.search.items??[]),g(null)}catch(y){m.signal.aborted||g(y instanceof q?y.message:String(y))}},150);return()=>{clearTimeout(d),m.abort()}},[a,e]);let c=u=>{n(),U(ee(u))},p=i?.flatMap(u=>u.pages)[0];return t("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:n,onCancel:n,children:[t("form",{method:"dialog",role:"search",onSubmit:u=>{u.preventDefault(),p&&c(p.urls.app)},children:[t("h2",{id:"search-h",children:"Search"}),t("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),t("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:a,autoComplete:"off",onInput:u=>o(u.target.value)}),t("button",{type:"button",class:"close",onClick:n,children:"Close"})]}),l&&t("p",{class:"notice error",role:"alert",children:l}),t("div",{"aria-live":"polite",children:[i&&i.length===0&&t("p",{class:"muted",children:["Nothing matches “",a.trim(),"”."]}),i?.map(u=>t("section",{class:"results",children:[t("h3",{children:u.title}),t("ul",{children:u.pages.map(m=>t("li",{children:[t("a",{href:ee(m.urls.app),onClick:d=>{d.preventDefault(),c(m.urls.app)},children:m.title||m.path}),m.sections.length>0&&t("ul",{children:m.sections.slice(0,3).map(d=>t("li",{children:t("a",{href:ee(d.urls.app),onClick:y=>{y.preventDefault(),c(d.urls.app)},children:d.title})},d.id))})]},m.id))})]},u.id))]})]})}var Xn=ln({data:null,reload:async()=>{}});function Zn(){return vn(Xn)}function et({org:e,parent:n,collections:r,spaces:a,current:o}){let i=r.filter(l=>(l.parent??null)===n),s=a.filter(l=>(l.parent??null)===n);return!i.length&&!s.length?null:t("ul",{class:"tree",children:[i.map(l=>t("li",{children:[t("a",{href:R.collection(e,l.id),class:"collection","aria-current":o===l.id?"page":void 0,children:[t("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),t(et,{org:e,parent:l.id,collections:r,spaces:a,current:o})]},l.id)),s.map(l=>t("li",{children:t("a",{href:R.space(e,l.id),"aria-current":o===l.id?"page":void 0,children:[l.emoji?t("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function nt({org:e,current:n,children:r}){let a=A(zn,{org:e}),[o,i]=h(!1),[s,l]=h(!1);E(()=>{let u=m=>{let d=m.target,y=d&&(d.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(d.tagName));(m.key==="k"&&(m.ctrlKey||m.metaKey)||m.key==="/"&&!y&&!m.ctrlKey&&!m.metaKey&&!m.altKey)&&(m.preventDefault(),i(!0))};return document.addEventListener("keydown",u),()=>document.removeEventListener("keydown",u)},[]),E(()=>l(!1),[n,e]);let g=a.data,c=g?.organization,p=ze(e);return t(Xn.Provider,{value:{data:g,reload:a.reload},children:[t("a",{class:"skip",href:"#main",children:"Skip to content"}),t("header",{class:"top",children:[t("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[t("span",{"aria-hidden":"true",children:"☰"}),t("span",{class:"visually-hidden",children:"Spaces"})]}),t("a",{class:"brand",href:R.org(e),children:"Folio"}),g&&t("select",{"aria-label":"Organization",value:e,onChange:u=>U(R.org(u.target.value)),children:g.organizations.items.map(u=>t("option",{value:u.id,children:u.title},u.id))}),t("button",{type:"button",class:"search-button",onClick:()=>i(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",t("kbd",{children:"/"})]}),t("span",{class:"spacer"}),g&&t("a",{class:"account",href:"/account",title:g.viewer.email??void 0,children:g.viewer.displayName})]}),t("div",{class:"frame",children:[t("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[a.error&&!g&&t("p",{class:"notice error",role:"alert",children:a.error.message}),p.length>0&&t("section",{"aria-labelledby":"recent-h",children:[t("h2",{id:"recent-h",children:"Recent"}),t("ul",{class:"tree",children:p.map(u=>t("li",{children:t("a",{href:R.space(e,u.id),children:[u.emoji?t("span",{"aria-hidden":"true",children:[u.emoji," "]}):null,u.title||"Untitled space"]})},u.id))})]}),c&&t("section",{"aria-labelledby":"tree-h",children:[t("h2",{id:"tree-h",children:c.title}),t(et,{org:e,parent:null,collections:c.collections.items,spaces:c.spaces.items,current:n}),!c.collections.items.length&&!c.spaces.items.length&&t("p",{class:"muted",children:"No spaces yet."})]})]}),t("main",{id:"main",tabIndex:-1,children:r})]}),o&&t(Yn,{org:e,onClose:()=>i(!1)})]})}function re({pages:e,href:n,current:r,label:a}){return t("nav",{class:"pages","aria-label":a,children:t(tt,{pages:e,href:n,current:r})})}function tt({pages:e,href:n,current:r}){return e.length?t("ul",{children:e.map(a=>t("li",{children:[a.type==="group"?t("span",{class:"group",children:a.title}):t("a",{href:n(a.id),"aria-current":r===a.id?"page":void 0,children:[a.emoji?t("span",{"aria-hidden":"true",children:[a.emoji," "]}):null,a.title||"Untitled"]}),a.pages&&t(tt,{pages:a.pages,href:n,current:r})]},a.id))}):null}function Fe(e){for(let n of e){if(n.type==="document")return n;let r=n.pages&&Fe(n.pages);if(r)return r}}function rt({org:e,space:n,number:r,page:a}){let o=A(kn,{space:n,number:r});return t(O,{q:o,children:i=>{let s=i.space?.changeRequest;return!i.space||!s?t("h1",{children:"No such change request"}):t("div",{class:"reader",children:[t(re,{label:"Pages in this change request",pages:s.content.pages,href:l=>R.changeRequest(e,n,s.number,l),current:a}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:R.space(e,n),children:i.space.title})," · change request #",s.number]}),t("h1",{children:s.subject||"Untitled change request"}),t("p",{children:[t("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),t("p",{children:t("a",{class:"review-link",href:R.review(e,n,s.number),children:"Review the changes, discuss and merge"})}),(s.status==="open"||s.status==="draft")&&t("p",{children:t("a",{class:"button primary",href:R.edit(e,n,s.number,a),children:"Edit pages"})})]})]})}})}function at({org:e,id:n}){let r=A(Sn,{id:n});return t(O,{q:r,children:a=>a.collection?t(C,{children:[t("h1",{children:a.collection.title}),a.collection.description&&t("p",{class:"lead",children:a.collection.description}),t("ul",{class:"cards",children:[a.collection.collections.items.map(o=>t("li",{children:t("a",{href:R.collection(e,o.id),children:o.title})},o.id)),a.collection.spaces.items.map(o=>t("li",{children:t("a",{href:R.space(e,o.id),children:[o.emoji?t("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]})},o.id))]})]}):t("h1",{children:"No such collection"})})}var He=(e,n,r)=>`folio.draft.${e}.${n}.${r}`;function it(e,n,r){try{let a=JSON.parse(localStorage.getItem(He(e,n,r))??"null");return a&&typeof a.markdown=="string"&&typeof a.title=="string"?a:null}catch{return null}}function ot(e,n,r,a){try{localStorage.setItem(He(e,n,r),JSON.stringify(a))}catch{}}function ae(e,n,r){try{localStorage.removeItem(He(e,n,r))}catch{}}function ie({id:e,error:n,field:r}){let a=n?.forField(r);return t("span",{id:e,class:"field-error",role:a?"alert":void 0,children:a??""})}function st(e,n=null,r=0,a=[]){return e.forEach((o,i)=>{a.push({id:o.id,title:o.title,type:o.type,parent:n,index:i,depth:r,siblings:e.length}),o.pages&&st(o.pages,o.id,r+1,a)}),a}function ke(e){return e instanceof q?e:new q([{message:String(e)}])}function lt({org:e,space:n,number:r,page:a}){let o=A(Pn,{space:n,number:r,page:a??"",withPage:!!a}),[i,s]=h(null),[l,g]=h(null),[c,p]=h(!1),u=o.data?.space?.changeRequest;E(()=>{u&&s(u.revision)},[u?.revision]);let m=we(()=>u?st(u.content.pages):[],[u]),d=async f=>{let w=await N($n,{space:n,cr:r,input:{changes:f,baseRevision:i}});return s(w.updateChangeRequestContent.changeRequest.revision),w.updateChangeRequestContent},y=async(f,w)=>{p(!0);try{let b=await d(f);g(null),w?.(b),await o.reload()}catch(b){g(ke(b))}finally{p(!1)}},S=f=>y([{operation:"insert_page",ref:"new",title:"Untitled",into:f,document:{markdown:""}}],w=>{let b=w.changes.find(D=>D.ref==="new")?.page;b?.id&&U(R.edit(e,n,r,b.id))}),_=(f,w,b)=>y([{operation:"update_page",page:f,into:w,at:b}]),k=f=>{confirm(`Delete “${f.title}” and its subpages from this change request?`)&&y([{operation:"delete_page",page:f.id}],()=>{ae(n,r,f.id),a===f.id&&U(R.edit(e,n,r),!0)})};return t(O,{q:o,children:f=>{let w=f.space,b=w?.changeRequest;if(!w||!b)return t("h1",{children:"No such change request"});let D=m.find(B=>B.id===a);return t("div",{class:"editor-screen",children:[t("p",{class:"crumb",children:[t("a",{href:R.space(e,n),children:w.title})," · ",t("a",{href:R.changeRequest(e,n,b.number),children:["change request #",b.number]})]}),t("h1",{children:["Editing: ",b.subject||"Untitled change request"]}),!w.permissions.edit&&t("p",{class:"notice error",children:"You may read this change request but not edit it."}),t("div",{class:"editor-layout",children:[t("section",{class:"edit-tree","aria-labelledby":"edit-tree-h",children:[t("h2",{id:"edit-tree-h",children:"Pages"}),t(zt,{pages:b.content.pages,flat:m,current:a,href:B=>R.edit(e,n,r,B),onMove:_}),t("button",{type:"button",onClick:()=>S(null),disabled:c||!w.permissions.edit,children:"Add page"}),t(z,{error:l})]}),a&&b.content.page&&D?t(Ft,{space:n,number:r,cr:b,page:b.content.page,flat:m,here:D,base:i??b.revision,edit:d,reload:o.reload,busy:c,onMove:_,onAddChild:()=>S(a),onDelete:()=>k(D),linkTo:B=>`/pages/${B}`},a):t("p",{class:"muted",children:m.length?"Choose a page to edit, or add one.":"No pages yet: add the first one."})]})]})}})}function zt({pages:e,flat:n,current:r,href:a,onMove:o}){let[i,s]=h(null),l=g=>t("ul",{children:g.map(c=>{let p=n.find(u=>u.id===c.id);return t("li",{draggable:!0,onDragStart:u=>{u.stopPropagation(),s(c.id),u.dataTransfer?.setData("text/plain",c.id)},onDragOver:u=>{i&&i!==c.id&&u.preventDefault()},onDrop:u=>{u.preventDefault(),u.stopPropagation();let m=i??u.dataTransfer?.getData("text/plain");s(null),m&&m!==c.id&&o(m,p.parent,p.index)},class:i===c.id?"dragging":void 0,children:[t("a",{href:a(c.id),"aria-current":r===c.id?"page":void 0,children:c.title||"Untitled"}),c.pages&&c.pages.length>0&&l(c.pages)]},c.id)})});return t("nav",{"aria-label":"Pages of this change request",class:"pages",children:l(e)})}function Ft(e){let{space:n,number:r,page:a,flat:o,here:i}=e,s={title:a.title,markdown:a.markdown??""},l=it(n,r,a.id),[g,c]=h(l?.title??s.title),[p,u]=h(l?.markdown??s.markdown),[m,d]=h(s),[y,S]=h(!!l&&(l.title!==s.title||l.markdown!==s.markdown)),[_,k]=h(null),[f,w]=h(null),[b,D]=h(""),[B,Y]=h(!1),[Q,pe]=h(""),[W,K]=h(null),[F,M]=h(!1),Se=H(null),ne=H(null),xe=H({title:g,text:p});xe.current={title:g,text:p};let wt=H(e.base);wt.current=e.base;let Ce=g!==m.title||p!==m.markdown;E(()=>{Ce?ot(n,r,a.id,{title:g,markdown:p,base:e.base}):ae(n,r,a.id)},[g,p,m]),E(()=>{let v=new AbortController,L=setTimeout(async()=>{try{let V=await N(In,{markdown:p,space:n},v.signal);pe(V.renderMarkdown),K(null)}catch(V){v.signal.aborted||K(ke(V).message)}},250);return()=>{clearTimeout(L),v.abort()}},[p]);let We=async v=>{D(`Uploading ${v.map(L=>L.name).join(", ")}…`);try{let L=await Promise.all(v.map(async j=>({name:j.name,contentType:j.type||"application/octet-stream",base64:await Wt(j)}))),V=await e.edit([{operation:"insert_files",files:L}]),ue=V.insertedFiles.map(j=>j.contentType.startsWith("image/")?`![${j.name}](/files/${j.id})`:`[${j.name}](/files/${j.id})`).join(`
`);ne.current?.insert(ue),D(`Uploaded ${V.insertedFiles.length} file(s) to the space's files.`),k(null)}catch(L){k(ke(L)),D("")}},$e=async(v=!1)=>{let{title:L,text:V}=xe.current,ue=[],j={operation:"update_page",page:a.id};if(L!==m.title&&(j.title=L),V!==m.markdown&&(j.document={markdown:V}),j.title===void 0&&j.document===void 0){D("Nothing to save.");return}ue.push(j),Y(!0);try{await e.edit(ue),d({title:L,markdown:V}),ae(n,r,a.id),S(!1),w(null),k(null),D(v?"Saved over the other changes.":"Saved."),e.reload()}catch(xt){let Ke=ke(xt),Pe=Ke.code("PRECONDITION");Pe?(w({pages:Pe.extensions?.changedPages??[],revision:String(Pe.extensions?.revision??""),mine:V}),k(null)):k(Ke),D("")}finally{Y(!1)}};E(()=>{let v=!1;return import("./chunk-GSQISD7G.js").then(({createEditor:L})=>{v||!Se.current||(ne.current=L(Se.current,xe.current.text,{label:"Page content, markdown",onChange:u,onFiles:We,onSave:()=>$e()}))}),()=>{v=!0,ne.current?.destroy(),ne.current=null}},[a.id]);let Rt=async()=>{ae(n,r,a.id),await e.reload()},kt=o.filter(v=>v.parent===i.parent),St=o.filter(v=>v.id!==i.id&&v.type==="document"&&!Ht(o,v.id,i.id));return t("section",{class:"page-editor","aria-labelledby":"page-editor-h",children:[t("h2",{id:"page-editor-h",class:"visually-hidden",children:["Edit ",g||"page"]}),y&&t("div",{class:"notice",role:"status",children:["Unsaved changes from your last visit were restored."," ",t("button",{type:"button",onClick:()=>{c(s.title),u(s.markdown),ne.current?.set(s.markdown),ae(n,r,a.id),S(!1)},children:"Discard them"})]}),f&&t("div",{class:"notice error",role:"alert",children:[t("p",{children:["Someone else changed this change request since you opened it:"," ",f.pages.length?f.pages.map(v=>`${v.title||v.id} (${v.change})`).join(", "):"its content",". Your text was not saved and is still here."]}),f.pages.some(v=>v.id===a.id)?t("p",{children:"This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs."}):t("p",{children:"This page is not among them: save again to add your change on top of theirs."}),t("p",{class:"actions",children:[t("button",{type:"button",onClick:Rt,children:"Reload this page"}),t("button",{type:"button",onClick:()=>$e(!0),children:f.pages.some(v=>v.id===a.id)?"Save mine over theirs":"Save again"})]}),t("details",{children:[t("summary",{children:"Your text"}),t("pre",{class:"markdown",children:f.mine})]})]}),t("div",{class:"field",children:[t("label",{for:"page-title",children:"Title"}),t("input",{id:"page-title",value:g,maxLength:256,"aria-invalid":!!_?.forField("title"),"aria-describedby":"page-title-error",onInput:v=>c(v.target.value)}),t(ie,{id:"page-title-error",error:_,field:"title"})]}),t("div",{class:"toolbar",role:"toolbar","aria-label":"Page",children:[t("button",{type:"button",class:"primary save",onClick:()=>$e(),disabled:B||!Ce,"aria-keyshortcuts":"Control+S",children:B?"Saving…":"Save"}),t("span",{class:"status",role:"status",children:Ce?"Unsaved changes":b}),t("button",{type:"button",onClick:()=>M(!F),"aria-expanded":F,children:"Link to a page"}),t("label",{class:"file-button",children:["Add files",t("input",{type:"file",multiple:!0,class:"visually-hidden",onChange:v=>{let L=v.target,V=Array.from(L.files??[]);L.value="",V.length&&We(V)}})]}),t("button",{type:"button",onClick:e.onAddChild,disabled:e.busy,children:"Add subpage"}),t("button",{type:"button",class:"danger",onClick:e.onDelete,disabled:e.busy,children:"Delete page"})]}),F&&t(Bt,{flat:o.filter(v=>v.id!==a.id&&v.type==="document"),onPick:v=>{ne.current?.insert(`[${v.title}](${e.linkTo(v.id)})`),M(!1)}}),t("fieldset",{class:"move",children:[t("legend",{children:"Move"}),t("button",{type:"button",disabled:e.busy||i.index===0,onClick:()=>e.onMove(a.id,i.parent,i.index-1),children:"Up"}),t("button",{type:"button",disabled:e.busy||i.index>=kt.length-1,onClick:()=>e.onMove(a.id,i.parent,i.index+1),children:"Down"}),t("label",{for:"move-into",children:"Inside"}),t("select",{id:"move-into",value:i.parent??"",disabled:e.busy,onChange:v=>{let L=v.target.value;e.onMove(a.id,L||null,1e5)},children:[t("option",{value:"",children:"(top level)"}),St.map(v=>t("option",{value:v.id,children:[" ".repeat(v.depth*2),v.title]},v.id))]})]}),_&&!_.forField("title")&&t(z,{error:_}),t("div",{class:"split",children:[t("div",{class:"source",ref:Se}),t("section",{class:"preview","aria-labelledby":"preview-h",children:[t("h3",{id:"preview-h",children:"Preview"}),W?t("p",{class:"notice error",children:W}):t("div",{class:"page-body",dangerouslySetInnerHTML:{__html:Q}})]})]})]})}function Ht(e,n,r){for(let a=e.find(o=>o.id===n);a;a=a.parent?e.find(o=>o.id===a.parent):void 0)if(a.id===r)return!0;return!1}function Bt({flat:e,onPick:n}){let[r,a]=h(""),o=e.filter(i=>i.title.toLowerCase().includes(r.trim().toLowerCase())).slice(0,8);return t("div",{class:"linker",children:[t("label",{for:"link-search",children:"Page title"}),t("input",{id:"link-search",type:"search",autoFocus:!0,value:r,onInput:i=>a(i.target.value),onKeyDown:i=>{i.key==="Enter"&&o[0]&&(i.preventDefault(),n(o[0]))}}),t("ul",{children:[o.map(i=>t("li",{children:t("button",{type:"button",onClick:()=>n(i),children:i.title})},i.id)),!o.length&&t("li",{class:"muted",children:"No page has that title."})]})]})}function Wt(e){return new Promise((n,r)=>{let a=new FileReader;a.onload=()=>n(String(a.result).replace(/^data:[^,]*,/,"")),a.onerror=()=>r(new Error(`${e.name} could not be read`)),a.readAsDataURL(e)})}function dt({org:e}){let n=A(En,{org:e});return t(O,{q:n,children:r=>r.organization?t(C,{children:[t("h1",{children:r.organization.title}),r.organization.permissions.createContent&&t(Kt,{org:e}),t("section",{"aria-labelledby":"spaces-h",children:[t("h2",{id:"spaces-h",children:["Spaces (",r.organization.spaces.count,")"]}),t("ul",{class:"cards",children:r.organization.spaces.items.map(a=>t("li",{children:[t("a",{href:R.space(e,a.id),children:[a.emoji?t("span",{"aria-hidden":"true",children:[a.emoji," "]}):null,a.title||"Untitled space"]}),a.changeRequestsOpen>0&&t("span",{class:"muted",children:[" · ",a.changeRequestsOpen," open change requests"]})]},a.id))})]}),r.organization.changeRequests.items.length>0&&t("section",{"aria-labelledby":"cr-h",children:[t("h2",{id:"cr-h",children:"Open change requests"}),t("ul",{children:r.organization.changeRequests.items.map(a=>t("li",{children:[t("a",{href:ee(a.urls.app),children:["#",a.number," ",a.subject||"Untitled change request"]})," ",t("span",{class:"muted",children:a.status})]},a.id))})]})]}):t("h1",{children:"No such organization"})})}function Kt({org:e}){let n=Zn(),[r,a]=h(""),[o,i]=h(null),[s,l]=h(!1);return t("form",{class:"inline-form",onSubmit:async g=>{g.preventDefault(),l(!0);try{let c=await N(Cn,{org:e,input:{title:r.trim()}});i(null),await n.reload(),U(ee(c.createSpace.urls.app))}catch(c){i(c instanceof q?c:new q([{message:String(c)}]))}finally{l(!1)}},children:[t("label",{for:"new-space-title",children:"New space"}),t("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!o?.forField("title"),"aria-describedby":"new-space-title-error",onInput:g=>a(g.target.value)}),t("button",{type:"submit",disabled:s,children:"Create space"}),t(ie,{id:"new-space-title-error",error:o,field:"title"}),o&&!o.forField("title")&&t(z,{error:o})]})}function pt({org:e,slug:n}){let r=A(qn,{org:e,slug:n});return t(O,{q:r,children:a=>{let o=a.organization?.openAPISpec;return o?t(C,{children:[t("h1",{children:["OpenAPI: ",o.slug]}),t("dl",{children:[t("dt",{children:"State"}),t("dd",{children:o.processingState}),t("dt",{children:"Updated"}),t("dd",{children:new Date(o.updatedAt).toLocaleString()}),o.sourceURL&&t(C,{children:[t("dt",{children:"Source"}),t("dd",{children:o.sourceURL})]}),t("dt",{children:"Errors"}),t("dd",{children:o.lastProcessedErrorCount})]})]}):t("h1",{children:"No such OpenAPI specification"})}})}function Be(e,n,r,a){let o=JSON.stringify(n),i=H({onResult:r,onReconnect:a});i.current={onResult:r,onReconnect:a},E(()=>{let s=null,l,g=!1,c=0,p=()=>{let u="/graphql?"+new URLSearchParams({query:e.document,operationName:e.name,variables:o}).toString();s=new EventSource(u,{withCredentials:!0}),c++>0&&i.current.onReconnect?.(),s.addEventListener("next",d=>{try{let y=JSON.parse(d.data);y.data&&i.current.onResult(y.data)}catch{}});let m=()=>{s?.close(),g||(l=window.setTimeout(p,2e3))};s.addEventListener("complete",m),s.onerror=m};return p(),()=>{g=!0,window.clearTimeout(l),s?.close()}},[e,o])}var Qt=["👍","🎉","❤️"];function de(e){return e instanceof q?e:new q([{message:String(e)}])}function ut({org:e,space:n,number:r}){let a=A(jn,{space:n,number:r}),[o,i]=h(""),s=H({running:!1,again:!1}),l=async g=>{i(g);let c=s.current;if(c.running){c.again=!0;return}c.running=!0;try{do c.again=!1,await a.reload();while(c.again)}finally{c.running=!1}};return Be(Tn,{space:n,number:r},()=>l("The change request changed: updated."),()=>l("")),Be(On,{space:n,number:r},g=>l(g.commentsChanged.kind.startsWith("reply")?"A reply changed: updated.":"A comment changed: updated.")),t("div",{class:"review",children:t(O,{q:a,children:g=>{let c=g.space?.changeRequest;if(!g.space||!c)return t("h1",{children:"No such change request"});let p={space:n,number:r,viewer:g.viewer.id,canComment:g.space.permissions.comment,reload:a.reload},u=c.commentList.items.filter(y=>!y.target.page),m=y=>c.commentList.items.filter(S=>S.target.page?.id===y),d=c.status==="draft"||c.status==="open";return t(C,{children:[t("p",{class:"crumb",children:[t("a",{href:R.space(e,n),children:g.space.title})," · ",t("a",{href:R.changeRequest(e,n,c.number),children:["change request #",c.number]})]}),t("h1",{children:["Review: ",c.subject||"Untitled change request"]}),t("p",{children:[t("span",{class:"badge "+c.status,children:c.status})," by ",c.createdBy.displayName,", updated"," ",t("time",{dateTime:c.updatedAt,children:new Date(c.updatedAt).toLocaleString()}),c.outdated&&d&&" · the space has moved on since it started"]}),t("p",{class:"live-status muted",role:"status","aria-live":"polite",children:o}),t(z,{error:a.error,onRetry:a.reload}),d&&g.space.permissions.merge&&t(Yt,{ctx:p},c.revision),t("section",{"aria-labelledby":"review-changes",children:[t("h2",{id:"review-changes",children:["Changes ",t("span",{class:"muted",children:["(",c.pageChanges.length===1?"1 page":`${c.pageChanges.length} pages`,")"]})]}),c.pageChanges.length===0&&t("p",{class:"muted",children:"This change request changes no page yet."}),c.pageChanges.map(y=>t(Jt,{change:y,threads:m(y.id),ctx:p},y.id))]}),t("section",{"aria-labelledby":"review-discussion",children:[t("h2",{id:"review-discussion",children:"Discussion"}),u.length===0&&t("p",{class:"muted",children:"No comments yet."}),t("ol",{class:"threads",children:u.map(y=>t(mt,{thread:y,ctx:p},y.id))}),p.canComment&&t(gt,{ctx:p,label:"Comment on the change request",id:"comment-cr"})]})]})}})})}var ct={added:"added",changed:"changed",moved:"moved",removed:"removed"};function Jt({change:e,threads:n,ctx:r}){let a=e.diff,o="change-"+e.id;return t("article",{class:"page-change","aria-labelledby":o,children:[t("h3",{id:o,children:[t("span",{class:"badge kind-"+e.kind,children:ct[e.kind]})," ",e.title," ",t("span",{class:"muted path",children:["/",e.path,e.previousPath!=null&&` (was /${e.previousPath})`]})]}),t("p",{class:"muted",children:[a.added," ",a.added===1?"line":"lines"," added, ",a.removed," removed"]}),a.hunks.length>0&&t("div",{class:"diff-scroll",tabIndex:0,role:"region","aria-label":`Line diff of ${e.title}`,children:t("table",{class:"diff",children:[t("caption",{class:"visually-hidden",children:["Line diff of ",e.title,": old line, new line, text"]}),t("thead",{class:"visually-hidden",children:t("tr",{children:[t("th",{scope:"col",children:"Old line"}),t("th",{scope:"col",children:"New line"}),t("th",{scope:"col",children:"Text"})]})}),a.hunks.map((i,s)=>t("tbody",{children:[t("tr",{class:"hunk",children:t("td",{colSpan:3,children:["@@ −",i.oldStart,",",i.oldLines," +",i.newStart,",",i.newLines," @@"]})}),i.lines.map((l,g)=>t("tr",{class:"line "+l.kind,children:[t("td",{class:"num",children:l.oldNumber??""}),t("td",{class:"num",children:l.newNumber??""}),t("td",{class:"text",children:[t("span",{class:"sign","aria-label":l.kind==="context"?void 0:l.kind,children:l.kind==="added"?"+":l.kind==="removed"?"−":" "}),l.text]})]},g))]},s))]})}),a.truncated&&t("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."}),n.length>0&&t("ol",{class:"threads",children:n.map(i=>t(mt,{thread:i,ctx:r},i.id))}),r.canComment&&e.kind!=="removed"&&t(gt,{ctx:r,page:e.id,label:`Comment on ${e.title}`,id:"comment-"+e.id})]})}function gt({ctx:e,page:n,label:r,id:a}){let[o,i]=h(""),[s,l]=h(!1),[g,c]=h(null);return t("form",{class:"comment-form",onSubmit:async u=>{u.preventDefault(),l(!0);try{await N(Dn,{space:e.space,number:e.number,page:n??null,markdown:o}),i(""),c(null),await e.reload()}catch(m){c(de(m))}finally{l(!1)}},children:[t("label",{for:a,children:r}),t("textarea",{id:a,rows:3,value:o,onInput:u=>i(u.target.value),"aria-describedby":a+"-error",required:!0}),t(ie,{id:a+"-error",error:g,field:"markdown"}),g&&!g.forField("markdown")&&t(z,{error:g}),t("button",{type:"submit",class:"primary",disabled:s||!o.trim(),children:n?"Comment on page":"Comment"})]})}function mt({thread:e,ctx:n}){let[r,a]=h(null),[o,i]=h(""),[s,l]=h(!1),g=async u=>{l(!0);try{await u(),a(null),await n.reload()}catch(m){a(de(m))}finally{l(!1)}},c=e.status==="resolved",p="reply-"+e.id;return t("li",{class:"thread "+e.status,"aria-label":`Comment by ${e.postedBy.displayName}`,children:[t(yt,{who:e.postedBy.displayName,at:e.postedAt,markdown:e.body.markdown??""}),c&&t("p",{class:"muted",children:"Resolved"}),t("div",{class:"actions",children:[t(ft,{reactions:e.reactions,ctx:n,busy:s,onToggle:(u,m)=>g(()=>N(Ve,{space:n.space,number:n.number,comment:e.id,input:m?{removedReactions:[u]}:{addedReactions:[u]}}))}),n.canComment&&t("button",{type:"button",disabled:s,onClick:()=>g(()=>N(Ve,{space:n.space,number:n.number,comment:e.id,input:{resolved:!c}})),children:c?"Reopen":"Resolve"})]}),t(z,{error:r}),e.replyList.items.length>0&&t("ol",{class:"replies",children:e.replyList.items.map(u=>t(Gt,{reply:u,thread:e.id,ctx:n},u.id))}),e.permissions.reply&&t("form",{class:"reply-form",onSubmit:u=>{u.preventDefault(),g(async()=>{await N(Mn,{space:n.space,number:n.number,comment:e.id,markdown:o}),i("")})},children:[t("label",{for:p,children:["Reply to ",e.postedBy.displayName]}),t("textarea",{id:p,rows:2,value:o,onInput:u=>i(u.target.value),required:!0}),t("button",{type:"submit",disabled:s||!o.trim(),children:"Reply"})]})]})}function Gt({reply:e,thread:n,ctx:r}){let[a,o]=h(null),[i,s]=h(!1);return t("li",{class:"reply",children:[t(yt,{who:e.postedBy.displayName,at:e.postedAt,markdown:e.body.markdown??""}),t(ft,{reactions:e.reactions,ctx:r,busy:i,onToggle:async(l,g)=>{s(!0);try{await N(Un,{space:r.space,number:r.number,comment:n,reply:e.id,input:g?{removedReactions:[l]}:{addedReactions:[l]}}),o(null),await r.reload()}catch(c){o(de(c))}finally{s(!1)}}}),t(z,{error:a})]})}function yt({who:e,at:n,markdown:r}){return t(C,{children:[t("p",{class:"byline",children:[t("strong",{children:e})," ",t("time",{dateTime:n,children:new Date(n).toLocaleString()})]}),t("p",{class:"body",children:r})]})}function ft({reactions:e,ctx:n,busy:r,onToggle:a}){if(!n.canComment&&e.length===0)return null;let o=[...e.map(i=>i.emoji),...Qt.filter(i=>!e.some(s=>s.emoji===i))];return t("span",{class:"reactions",children:o.map(i=>{let s=e.find(c=>c.emoji===i),l=!!s?.users.some(c=>c.user.id===n.viewer),g=s?.count??0;return t("button",{type:"button",class:"reaction"+(l?" mine":""),"aria-pressed":l,"aria-label":`${i} ${g} ${l?"(yours: remove)":"(add)"}`,disabled:r||!n.canComment,onClick:()=>a(i,l),children:[i," ",g>0?g:""]},i)})})}function Yt({ctx:e}){let[n,r]=h(null),[a,o]=h(null),[i,s]=h(!1),[l,g]=h(""),c=async()=>{s(!0);try{let u=await N(Ln,{space:e.space,number:e.number});r(u.previewMerge),o(null)}catch(u){o(de(u))}finally{s(!1)}},p=async()=>{if(n){s(!0);try{let u=await N(Nn,{space:e.space,number:e.number,base:n.changeRequestRevision});g(u.mergeChangeRequest.revision),o(null),await e.reload()}catch(u){let m=de(u);o(m),(m.code("PRECONDITION")||m.code("CONFLICT"))&&r(null)}finally{s(!1)}}};return t("section",{class:"merge-panel","aria-labelledby":"review-merge",children:[t("h2",{id:"review-merge",children:"Merge"}),l&&t("p",{role:"status",children:["Merged: the space is now at revision ",l,"."]}),!n&&!l&&t("button",{type:"button",class:"primary preview-merge",disabled:i,onClick:c,children:"Preview the merge"}),t(z,{error:a}),a?.code("PRECONDITION")&&t("p",{children:"The change request was edited after the preview: preview the merge again to see what it would do now."}),n&&!l&&t("div",{class:"merge-preview",children:[t("p",{children:[n.fastForward?"The space has not moved since this change request started: ":"The space has moved on: a three-way merge, ",n.changes.length===0?"the merge changes no page.":`the merge would change ${n.changes.length===1?"1 page":`${n.changes.length} pages`}:`]}),n.changes.length>0&&t("ul",{class:"merge-changes",children:n.changes.map(u=>t("li",{children:[t("span",{class:"badge kind-"+u.kind,children:ct[u.kind]})," ",u.title," ",t("span",{class:"muted",children:["/",u.path]}),u.previousPath!=null&&t("span",{class:"muted",children:[" (was /",u.previousPath,")"]})]},u.id))}),n.conflicts.length>0&&t("div",{class:"notice error conflicts",role:"alert",children:[t("p",{children:[t("strong",{children:n.conflicts.length===1?"1 conflict":`${n.conflicts.length} conflicts`}),": the merge cannot go ahead."]}),t("ul",{children:n.conflicts.map(u=>t("li",{children:[t("strong",{children:u.title}),u.path!=null&&t("span",{children:[" (/",u.path,")"]}),": ",u.message]},u.id))})]}),n.problem&&t("div",{class:"notice error",role:"alert",children:t("p",{children:n.problem})}),t("p",{class:"merge-buttons",children:[t("button",{type:"button",class:"primary do-merge",disabled:i||!n.mergeable,onClick:p,children:"Merge into the space"})," ",t("button",{type:"button",disabled:i,onClick:c,children:"Preview again"})]})]})]})}function ht({org:e,space:n,revision:r,page:a}){let o=A(Vn,{space:n,revision:r,page:a??"",withPage:!!a});return t(O,{q:o,children:i=>{let s=i.space?.revisionById;return!i.space||!s?t("h1",{children:"No such revision"}):t("div",{class:"reader",children:[t(re,{label:"Pages in this revision",pages:s.pages,href:l=>R.revision(e,n,s.id,l),current:a}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:R.space(e,n),children:i.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?t(C,{children:[t("h1",{children:s.page.title}),t("div",{class:"page-body",dangerouslySetInnerHTML:{__html:s.page.html??""}})]}):t("h1",{children:["Revision ",s.id]})]})]})}})}function _t({org:e,site:n,preview:r}){let a=A(Fn,{org:e,site:n});return t(O,{q:a,children:o=>{let i=o.organization?.site;return i?t(C,{children:[t("h1",{children:[i.title,r?" (preview)":""]}),t("p",{children:[i.published?"Published":"Not published"," · ",i.visibility," · ",i.siteSpaces," spaces"]}),t("ul",{children:[i.urls.published&&t("li",{children:t("a",{href:i.urls.published,children:"Open the published site"})}),t("li",{children:t("a",{href:i.urls.preview,children:"Preview"})})]})]}):t("h1",{children:"No such site"})}})}function bt({org:e,space:n,page:r}){let a=A(Hn,{org:e,space:n,page:r??"",withPage:!!r}),[o,i]=h(null),[s,l]=h(!1),g=a.data?.space;return E(()=>{g&&Gn(e,{id:g.id,title:g.title,emoji:g.emoji})},[g?.id]),t(O,{q:a,children:c=>{let p=c.space;if(!p)return t("h1",{children:"No such space"});let u=Fe(p.revision.pages),m=p.revision.page,d=c.organization?.changeRequests.items.find(_=>_.createdBy.id===c.viewer.id),y=async()=>{if(d){U(R.edit(e,n,d.number,r));return}l(!0);try{let _=await N(xn,{space:n,subject:null});U(R.edit(e,n,_.createChangeRequest.number,r))}catch(_){i(_ instanceof q?_:new q([{message:String(_)}]))}finally{l(!1)}},S=t(C,{children:[p.emoji?t("span",{"aria-hidden":"true",children:[p.emoji," "]}):null,p.title||"Untitled space"]});return t("div",{class:"reader",children:[t(re,{label:"Pages",pages:p.revision.pages,href:_=>R.page(e,p.id,_),current:r??u?.id}),t("article",{children:[t("div",{class:"space-bar",children:[m?t("p",{class:"crumb",children:S}):t("h1",{children:S}),p.permissions.edit&&t("button",{type:"button",class:"primary edit",onClick:y,disabled:s,children:d?`Edit (continue #${d.number})`:"Edit"}),p.urls.published&&t("a",{href:p.urls.published,children:"Published site"})]}),t(z,{error:o}),m?t(C,{children:[t("h1",{children:m.title}),m.description&&t("p",{class:"lead",children:m.description}),t("div",{class:"page-body",dangerouslySetInnerHTML:{__html:m.html??""}})]}):u?t("p",{children:t("a",{href:R.page(e,p.id,u.id),children:["Read ",u.title]})}):t("p",{class:"muted",children:["This space has no pages yet",p.permissions.edit?": Edit to write the first one.":"."]})]})]})}})}function Xt(e){switch(e.kind){case"changeRequest":return`Change request #${e.number} · Folio`;case"review":return`Review #${e.number} · Folio`;case"edit":return`Editing change request #${e.number} · Folio`;case"site":return"Site · Folio";case"openapi":return`OpenAPI ${e.slug} · Folio`;default:return"Folio"}}function Zt({route:e}){switch(e.kind){case"org":return t(dt,{org:e.org});case"collection":return t(at,{org:e.org,id:e.id});case"space":return t(bt,{org:e.org,space:e.space,page:e.page});case"revision":return t(ht,{org:e.org,space:e.space,revision:e.revision,page:e.page});case"changeRequest":return t(rt,{org:e.org,space:e.space,number:e.number,page:e.page});case"review":return t(ut,{org:e.org,space:e.space,number:e.number});case"edit":return t(lt,{org:e.org,space:e.space,number:e.number,page:e.page});case"site":return t(_t,{org:e.org,site:e.site,preview:e.preview});case"openapi":return t(pt,{org:e.org,slug:e.slug});default:return null}}function er(){let e=A(Bn,{}),n=e.data?.organizations.items[0];return E(()=>{n&&U(R.org(n.id),!0)},[n?.id]),t("main",{id:"main",class:"start",children:t(O,{q:e,children:r=>r.organizations.items.length?t("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):t(C,{children:[t("h1",{children:["Welcome, ",r.viewer.displayName]}),t("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",t("a",{href:"/account",children:"account page"}),"."]})]})})})}function vt(){let e=Qn();if(E(()=>{document.title=Xt(e),document.getElementById("main")?.focus({preventScroll:!0})},[e]),e.kind==="start")return t(er,{});if(e.kind==="notFound")return t("main",{id:"main",class:"start",children:[t("h1",{children:"Not found"}),t("p",{children:["The app has no page at ",e.path,". ",t("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let n=e.kind==="space"||e.kind==="revision"||e.kind==="changeRequest"||e.kind==="edit"?e.space:e.kind==="collection"?e.id:void 0;return t(nt,{org:e.org,current:n,children:t(Zt,{route:e})})}Kn();sn(t(vt,{}),document.getElementById("app"));
