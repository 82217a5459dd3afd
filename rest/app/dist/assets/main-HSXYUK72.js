var D,mn,ri,ae,je,Ie,gn,_e,yn,Ge,He,hn,he=Symbol.for("pv"),Ae={},Pe=[],ii=/^m(i|n|o|s|text|space)$/,Ke=Array.isArray,bn=Pe.slice,ue=Object.assign;function de(n){n&&n.parentNode&&n.remove()}function xe(n,t,r,i,o){var a={type:n,props:t,key:r,ref:i,__k:null,__:null,__b:0,__e:null,__c:null,constructor:he,__v:o||++mn,__i:-1,__u:0};return!o&&D.vnode&&D.vnode(a),a}function f(n){return n.children}function $e(n,t){this.props=n,this.context=t,this.__g=0}function oe(n,t){if(t==null)return n.__&&oe(n.__,n.__i+1);for(var r;t<n.__k.length;t++)if((r=n.__k[t])&&r.__e)return r.__e;return typeof n.type!="function"||n.props.__P?null:oe(n)}function ai(n){var t,r=n.__v,i=r.__e,o=[],a=[],s=n.__P;s&&((t=ue({constructor:he},r)).__v=r.__v+1,D.vnode&&D.vnode(t),Qe(s,t,r,n.__n,s.namespaceURI,32&r.__u?[i]:null,o,i||oe(r),32&r.__u,a),t.__v=r.__v,t.__.__k[t.__i]=t,Rn(o,t,a),r.__=r.__e=null,t.__e!=i&&fn(t))}function fn(n){if((n=n.__)&&n.__c&&!n.props.__P)return n.__e=null,n.__k.some(function(t){return t&&(n.__e=t.__e)}),fn(n)}function Be(n){(8&n.__g||(n.__g|=8,ae.push(n),Ie++))&&je==D.debounceRendering||((je=D.debounceRendering)||queueMicrotask)(vn)}function vn(){try{for(var n,t=1;ae.length;)ae.length>t&&ae.sort(gn),n=ae.shift(),t=ae.length,8&n.__g&&ai(n)}finally{(Ie=ae.length)&&(je||queueMicrotask)(vn)}}function Sn(n,t,r,i,o,a,s,l,u,c,p){var m,g,d,y,x,S,I=i.__k||Pe,v=t.length;for(u=oi(r,t,I,u,v),m=0;m<v;m++)(d=r.__k[m])!=null&&(g=~d.__i&&I[d.__i]||Ae,d.__i=m,S=Qe(n,d,g,o,a,s,l,u,c,p),y=d.__e,(g.ref!=d.ref||8&g.__u)&&(g.ref&&Je(g.ref,null,d,g),d.ref&&p.push(d.ref,d.__c||y,d)),x=x||y,4&d.__u?(u=kn(d,u,n,!g.__v),g.__e&&(g.__e=null)):typeof d.type=="function"&&S!==void 0?u=S:y&&(u=y.nextSibling),d.__u&=-21);return r.__e=x,u}function oi(n,t,r,i,o){var a,s,l,u,c,p,m,g,d,y=r.length,x=y,S=0,I=0,v=n.__k=Array(o);for(a=0;a<o;a++)(s=t[a])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=v[a]=xe(null,s):Ke(s)?s=v[a]=xe(f,{children:s}):s.constructor===he&&s.__b?s=v[a]=xe(s.type,s.props,s.key,s.ref,s.__v):v[a]=s,u=a+S,s.__=n,s.__b=n.__b+1,l=null,~(c=s.__i=si(s,r,u,x))&&(x--,(l=r[c])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,c==u-1?S--:c==u+1?S++:c!=u&&(c>u?S--:S++,I=1)):(~c||(o>y?S--:o<y&&S++),typeof s.type!="function"&&(s.__u|=4))):v[a]=null;if(I){for(p=[],m=[],a=0;a<o;a++)if((s=v[a])&&16&s.__u){for(S=0,g=p.length;S<g;)p[d=S+g>>1]<s.__i?S=d+1:g=d;p[S]=s.__i,m[a]=S+1}for(S=p.length;a--;)m[a]&&(m[a]==S?S--:v[a].__u|=4)}if(x)for(a=0;a<y;a++)!(l=r[a])||2&l.__u||(l.__e==i&&(i=oe(l)),Ye(l,l));return i}function kn(n,t,r,i){var o,a,s,l;if(typeof n.type=="function"){if(n.props.__P)return t;if(o=n.__k)for(a=0;a<o.length;a++)o[a]&&(o[a].__=n,t=kn(o[a],t,r,!1));return t}for(t&&!t.parentNode&&(t=oe(n))&&!t.parentNode&&(t=null),s=n.__e,l=t;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!i&&r.moveBefore&&s.parentNode?r.moveBefore(s,t):r.insertBefore(s,t||null)),t=s;(t=t&&t.nextSibling)&&t.nodeType==8&&!t.data.startsWith("$s"););return t}function si(n,t,r,i){var o,a=n.key,s=n.type,l=t[r],u=l&&!(2&l.__u);if(l===null&&a==null||u&&a==l.key&&s==l.type)return r;if(i>(u?1:0)){for(o=r-1;o>=0;o--)if((l=t[o])&&!(2&l.__u)&&a==l.key&&s==l.type)return o;for(o=r+1;o<t.length;o++)if((l=t[o])&&!(2&l.__u)&&a==l.key&&s==l.type)return o}return-1}function cn(n,t,r){r==null&&(r=""),t[0]=="-"?n.setProperty(t,r):n[t]=r}function Re(n,t,r,i,o){var a,s;if(t=="style")if(typeof r=="string")n.style.cssText=r;else{if(typeof i=="string"&&(n.style.cssText=i=""),i)for(t in i)r&&t in r||cn(n.style,t);if(r)for(t in r)i&&r[t]==i[t]||cn(n.style,t,r[t])}else if(t[0]=="o"&&t[1]=="n")typeof r!="function"&&(r=null),typeof i!="function"&&(i=null),(n.__e||(n.__e={}))[t]=r,r&&i||(s=He[t]||(He[t]=li(t)),(n.__a||(n.__a={}))[t]=Ge,a=t!=(t=t.replace(yn,"$1")),(t=t.slice(2))[0]<"a"&&(t=t.toLowerCase()),r?n.addEventListener(t,s,a):n.removeEventListener(t,s,a));else{if(o=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in n)try{return void(n[t]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&t[4]!="-"?n.removeAttribute(t):n.setAttribute(t,t=="popover"&&r==1?"":r)}}function li(n){return function(t){var r=this.__e;if(r){if(r=r[n],t[_e]==null)t[_e]=Ge++;else if(t[_e]<this.__a[n])return;return r(D.event?D.event(t):t)}}}function Qe(n,t,r,i,o,a,s,l,u,c){var p,m,g,d,y,x,S,I,v,C,w,j,X,se,re,ke,Z,te,J=t.type;if(t.constructor!==he)return null;128&r.__u&&(u=32&r.__u,p=r.__c.__z)&&(t.__u|=u,m=a=[],p.nodeType==8?l=Ce(p,a):a.push(p),l=a[0]||l),(p=D.__b)&&p(t);e:if(typeof J=="function"){g=s.length;try{if(I=t.props,v=(p=J.prototype)&&p.render,C=(p=J.contextType)&&i[p.__c],w=p?C?C.props.value:p.__:i,(d=r.__c)?(t.__c=d,2&d.__g&&(d.__g|=1)):(v?t.__c=d=new J(I,w):(t.__c=d=new $e(I,w),d.constructor=J,d.render=ui),C&&C.sub(d),d.state||(d.state={}),d.__n=i,d.__g|=8,d.__h=[],d.__k=[]),v&&(d.__s||(d.__s=d.state),J.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=ue({},d.__s)),ue(d.__s,J.getDerivedStateFromProps(I,d.__s)))),y=d.props,x=d.state,d.__v=t,r.__c){if(I!==y&&v&&!J.getDerivedStateFromProps&&d.componentWillReceiveProps&&d.componentWillReceiveProps(I,w),t.__v==r.__v&&!(8&d.__g)||!(4&d.__g)&&d.shouldComponentUpdate&&d.shouldComponentUpdate(I,d.__s,w)===!1){t.__v!=r.__v&&(d.props=I,d.state=d.__s,d.__g&=-9),t.__e=r.__e,t.__k=r.__k,t.__k.some(function(G){G&&(G.__=t)}),Pe.push.apply(d.__h,d.__k),d.__k=[],d.__h.length&&s.push(d),l=oe(r);break e}d.componentWillUpdate&&d.componentWillUpdate(I,d.__s,w),v&&d.componentDidUpdate&&d.__h.push(function(){d.componentDidUpdate(y,x,S)})}else v&&!J.getDerivedStateFromProps&&d.componentWillMount&&d.componentWillMount(),v&&d.componentDidMount&&d.__h.push(d.componentDidMount);d.context=w,d.props=I,d.__P=n,d.__g&=-5,j=D.__r,X=v?25:0;do d.__g&=-9,j&&j(t),p=d.render(d.props,d.state=d.__s,d.context);while(8&d.__g&&++X<25);v&&(Pe.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(i=ue({},i,d.getChildContext())),v&&r.__c&&d.getSnapshotBeforeUpdate&&(S=d.getSnapshotBeforeUpdate(y,x)),se=p&&p.type===f&&p.key==null?p.props.children:p,I.__P&&(p=l,o=(n=I.__P).namespaceURI,u=a=null,r.props&&r.props.__P!=n&&(r.__k.some(function(G){G&&Ye(G,G)}),r.__k=null),l=r.__k?oe(r,0):null),l=Sn(n,Ke(se)?se:[se],t,r,i,o,a,s,l,u,c),I.__P&&(t.__e=null,l=p),t.__u&=-161,m&&m.some(de),d.__h.length&&s.push(d),1&d.__g&&(d.__g&=-4)}catch(G){if(s.length=g,t.__v=null,u||a)if(G&&G.then){if(t.__u|=128|u,a){for(~(Z=a.indexOf(l||void 0))||(Z=a.length);(te=a[Z-1])&&te.nodeType==8;)Z--;for(;Z<a.length;Z++)if(te=a[Z])if(a[Z]=null,re){if(te==ke)break}else{if(te.nodeType!=8)break;te.data.startsWith("$s")&&(ke=Ce(re=te))}}if(!re){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;re=l}(p=Ce(re=t.__c.__z||(t.__c.__z=re)))?(t.__e=re,l=p):t.__e=l,l=l&&l.nextSibling}else a&&a.some(de);else t.__e=r.__e;t.__k||(t.__k=r.__k||[]),G&&G.then||wn(t),D.__e(G,t,r)}}else l=t.__e=di(r.__e,t,r,i,o,a,s,u,c,n);return(p=D.diffed)&&p(t),l}function Ce(n,t){if(n&&n.nodeType==8&&n.data.startsWith("$s"))for(var r=1;n=n.nextSibling;){if(n.nodeType==8){if(n.data.startsWith("$s"))r++;else if(n.data.startsWith("/$s")&&!--r)return n}t&&t.push(n)}}function wn(n){n&&(n.__c&&(n.__c.__g|=4),n.__k&&n.__k.some(wn))}function Rn(n,t,r){for(var i=0;i<r.length;)Je(r[i++],r[i++],r[i++]);D.__c&&D.__c(t,n),n.some(function(o){try{n=o.__h,o.__h=[],n.some(function(a){a.call(o)})}catch(a){D.__e(a,o.__v)}})}function di(n,t,r,i,o,a,s,l,u,c){var p,m,g,d,y,x,S,I,v=r.props||Ae,C=t.props,w=t.type;if(w=="svg"?o="http://www.w3.org/2000/svg":w=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),a){for(p=0;p<a.length;p++)if((y=a[p])&&(w?y.localName==w:y.nodeType==3)){n=y,a[p]=null;break}}if(!n){if(I=c.ownerDocument||document,!w)return I.createTextNode(C);n=I.createElementNS(o,w,C.is?C:c),l&&(D.__m&&D.__m(t,a),l=!1),a=null}if(w){if(c=w=="template"&&n.content||n,a=w=="textarea"&&C.defaultValue!=null?null:a&&bn.call(c.childNodes),!l&&a)for(v={},p=0;p<n.attributes.length;p++)v[(y=n.attributes[p]).name]=y.value;for(p in v)y=v[p],p=="dangerouslySetInnerHTML"?g=y:p=="children"||p in C||p=="value"&&"defaultValue"in C||p=="checked"&&"defaultChecked"in C||Re(n,p,null,y,o);for(p in C)y=C[p],p=="children"?d=y:p=="dangerouslySetInnerHTML"?m=y:p=="value"?x=y:p=="checked"?S=y:l&&typeof y!="function"||v[p]===y||Re(n,p,y,v[p],o);m?(l||g&&(m.__html==g.__html||m.__html==n.innerHTML)||(n.innerHTML=m.__html),t.__k=[]):(g&&(n.textContent=""),(w=="foreignObject"||o=="http://www.w3.org/1998/Math/MathML"&&ii.test(w))&&(o="http://www.w3.org/1999/xhtml"),Sn(c,Ke(d)?d:[d],t,r,i,o,a,s,a?a[0]:r.__k&&oe(r,0),l,u),a&&a.some(de)),l&&w!="textarea"||(p="value",w=="progress"&&x==null?n.removeAttribute(p):x==null||x===n[p]&&(w!="progress"||x)||Re(n,p,x,v[p],o),p="checked",S!=null&&S!=n[p]&&Re(n,p,S,v[p],o))}else v===C||l&&n.data==C||(n.data=C);return n}function Je(n,t,r,i){try{typeof n=="function"?t?t.__x=n(t)||1:i&&(i=i.__c||i.__e)&&(t=i.__x)&&(i.__x=null,typeof t=="function"?t():n(null)):n.current=t}catch(o){D.__e(o,r)}}function Ye(n,t,r){var i,o,a,s;if(D.unmount&&D.unmount(n),!(i=n.ref)||i.current&&i.current!=n.__e||Je(i,null,t,n),i=n.__c){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(l){D.__e(l,t)}i.__P=i.__n=null}if(i=n.__k)for(s=0;s<i.length;s++)i[s]&&Ye(i[s],t,typeof n.type!="function"||r&&!n.props.__P);!r&&(i=n.__c)&&(i=i.__z)&&(o=Ce(i,a=[]))&&(i==n.__e&&a.some(de),de(o),de(i)),r||de(n.__e),n.__e=n.__c=n.__=null}function ui(n,t,r){return this.constructor(n,r)}function _n(n,t){var r,i,o,a;D.__&&D.__(n,t),t.nodeType==9&&(t=t.documentElement),i=(r=n&&32&n.__u)?null:t.__k,t.__k=xe(f,{children:[n]}),o=[],a=[],Qe(t,t.__k,i||Ae,Ae,t.namespaceURI,i?null:t.firstChild?bn.call(t.childNodes):null,o,i?i.__e:t.firstChild,r,a),Rn(o,t.__k,a),t.__k.props.children=null}function xn(n){function t(r){var i,o;return this.getChildContext||(i=new Set,(o={})[t.__c]=this,this.getChildContext=function(){return o},this.shouldComponentUpdate=function(a){this.props.value!=a.value&&i.forEach(function(s){s.__g|=4,Be(s)})},this.sub=function(a){i.add(a);var s=a.componentWillUnmount;a.componentWillUnmount=function(){i.delete(a),s&&s.call(a)}}),r.children}return t.__c="__cC"+hn++,t.__=n,t.Provider=(t.Consumer=function(r,i){return r.children(i)}).contextType=t,t}D={__e:function(n,t,r,i){for(var o,a,s;t=t.__;)if((o=t.__c)&&!(1&o.__g)){o.__g|=4;try{if((s=(a=o.constructor)&&a.getDerivedStateFromError)&&o.setState(a.getDerivedStateFromError(n)),o.componentDidCatch&&(o.componentDidCatch(n,i||{}),s=1),s&&8&o.__g)return void(o.__g|=2)}catch(l){n=l}}throw Ie=0,n}},mn=0,ri=function(n){return n!=null&&n.constructor===he},$e.prototype.setState=function(n,t){var r=this.__s;r&&r!=this.state||(r=this.__s=ue({},this.state)),typeof n=="function"&&(n=n(ue({},r),this.props)),n&&(ue(r,n),this.__v&&(t&&this.__k.push(t),Be(this)))},$e.prototype.forceUpdate=function(n){this.__v&&(this.__g|=4,n&&this.__h.push(n),Be(this))},$e.prototype.render=f,ae=[],Ie=0,gn=function(n,t){return n.__v.__b-t.__v.__b},_e=Symbol(),yn=/(PointerCapture)$|Capture$/i,Ge=0,He={},hn=0;var pe,N,Xe,$n,Ze=Object.is,fe=0,qn=[],en=[],U=D,Cn=U.__b,In=U.__r,An=U.diffed,Pn=U.__c,Dn=U.unmount,Tn=U.__;function De(n,t){U.__h&&U.__h(N,n,fe||t),fe=0;var r=N.__H||(N.__H={__:[],__h:[]});return n>=r.__.length&&r.__.push({}),r.__[n]}function b(n){return fe=1,pi(Nn,n)}function pi(n,t,r){var i=De(pe++,2);if(i.t=n,!i.__c&&(i.__=[r?r(t):Nn(void 0,t),function(a){var s=(i.__N||i.__)[0],l=i.t(s,a);Ze(s,l)||(i.__N=[l,i.__[1]],i.__c.setState({}))}],i.__c=N,!N.__f)){N.__f=!0;var o=N.shouldComponentUpdate;N.shouldComponentUpdate=function(a,s,l){var u=this.__H;if(!u)return!0;var c=!1,p=this.props!=a;if(u.__.some(function(g){g.__N&&(c=!0,Ze(g.__[0],g.__N[0])||(p=!0))}),o){var m=o.call(this,a,s,l);return c?m||p:m}return!c||p}}return i.__}function O(n,t){var r=De(pe++,3);!U.__s&&En(r.__H,t)&&(r.__P=!0,r.__=n,r.u=t,N.__H.__h.push(r))}function H(n){return fe=5,Te(function(){return{current:n}},[])}function Te(n,t){var r=De(pe++,7);return En(r.__H,t)&&(r.__=n(),r.__H=t),r.__}function Vn(n,t){return fe=8,Te(function(){return n},t)}function On(n){var t=N.context[n.__c],r=De(pe++,9);return r.c=n,t?(r.__==null&&(r.__=!0,t.sub(N)),t.props.value):n.__}function ci(){var n;do{for(;n=en.shift();)try{be(n)}catch(r){U.__e(r,{__:(n=n.__P)&&n.__v})}for(;n=qn.shift();){var t=n.__H;if(n.__P&&t)try{t.__h.some(be),t.__h.some(nn),t.__h=[]}catch(r){t.__h=[],U.__e(r,n.__v)}}}while(en.length)}U.__b=function(n){N=null,Cn&&Cn(n)},U.__=function(n,t){n&&t.__k&&t.__k.__m&&(n.__m=t.__k.__m),Tn&&Tn(n,t)},U.__r=function(n){In&&In(n),pe=0;var t=(N=n.__c).__H;t&&(Xe==N?N.__h=[]:(t.__h.some(be),t.__h.some(nn),pe=0),t.__h=[],t.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),Xe=N},U.diffed=function(n){An&&An(n);var t=n.__c;t&&t.__H&&(t.__H.__h.length&&Mn(qn.push(t)),t.__H.__.some(function(r){r.u&&(r.__H=r.u)})),Xe=N=null},U.__c=function(n,t){t.some(function(r){try{r.__h.some(be),r.__h=r.__h.filter(function(i){return!i.__||nn(i)})}catch(i){r.__h=[function(){throw i}]}}),Pn&&Pn(n,t)},U.unmount=function(n){Dn&&Dn(n);var t,r,i=n.__c;i&&i.__H&&(i.__H.__.some(function(o){try{if(o.__P&&o.__c){if(r===void 0){for(r=n.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}o.__P=r,Mn(en.push(o))}else be(o)}catch(a){t=a}}),i.__H=void 0,t&&U.__e(t,i.__v))};var Ln=typeof requestAnimationFrame=="function";function mi(n){var t,r=function(){clearTimeout(i),Ln&&cancelAnimationFrame(t),setTimeout(n)},i=setTimeout(r,35);Ln&&(t=requestAnimationFrame(r))}function Mn(n){n!=1&&$n==U.requestAnimationFrame||(($n=U.requestAnimationFrame)||mi)(ci)}function be(n){var t=N,r=n.__c;typeof r=="function"&&(n.__c=void 0,r()),N=t}function nn(n){var t=N;n.__c=n.__(),N=t}function En(n,t){return!n||n.length!=t.length||t.some(function(r,i){return!Ze(r,n[i])})}function Nn(n,t){return typeof t=="function"?t(n):t}var Un={name:"AcceptInvitation",kind:"mutation",document:`mutation AcceptInvitation ($org: ID!, $invitation: ID!) {
  joinOrganization(organizationId: $org, inviteId: $invitation) {
    organization
  }
}`},Fn={name:"AccountScreen",kind:"query",document:`query AccountScreen {
  viewer {
    id
    displayName
    email
  }
  personalTokens(limit: 1000) {
    count
    items {
      id
      name
      commandLine
      readOnly
      expiresAt
      expired
      createdAt
      lastUsedAt
    }
  }
  invitations(limit: 1000) {
    count
    items {
      id
      role
      createdAt
      organization {
        id
        title
      }
      invitedBy {
        displayName
      }
    }
  }
}`},zn={name:"AddSectionToGroup",kind:"mutation",document:`mutation AddSectionToGroup ($org: ID!, $site: ID!, $group: ID!, $input: AddSectionToGroupInput!) {
  addSectionToGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, input: $input) {
    id
  }
}`},Wn={name:"AddSiteSection",kind:"mutation",document:`mutation AddSiteSection ($org: ID!, $site: ID!, $input: AddSiteSectionInput!) {
  addSiteSection(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},jn={name:"AddSiteSectionGroup",kind:"mutation",document:`mutation AddSiteSectionGroup ($org: ID!, $site: ID!, $input: AddSiteSectionGroupInput!) {
  addSiteSectionGroup(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Hn={name:"AddSiteSpace",kind:"mutation",document:`mutation AddSiteSpace ($org: ID!, $site: ID!, $input: AddSiteSpaceInput!) {
  addSiteSpace(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Bn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},Gn={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},Kn={name:"CreateChangeRequest",kind:"mutation",document:`mutation CreateChangeRequest ($space: ID!, $subject: String) {
  createChangeRequest(spaceId: $space, input: {subject:$subject}) {
    id
    number
  }
}`},Qn={name:"CreateCustomField",kind:"mutation",document:`mutation CreateCustomField ($org: ID!, $input: CreateCustomFieldInput!) {
  createCustomField(organizationId: $org, input: $input) {
    id
  }
}`},Jn={name:"CreatePersonalToken",kind:"mutation",document:`mutation CreatePersonalToken ($input: CreatePersonalTokenInput!) {
  createPersonalToken(input: $input) {
    id
    name
    token
    expiresAt
  }
}`},Yn={name:"CreateSAMLProvider",kind:"mutation",document:`mutation CreateSAMLProvider ($org: ID!, $input: CreateSAMLProviderInput!) {
  createSAMLProvider(organizationId: $org, input: $input) {
    id
  }
}`},Xn={name:"CreateShareLink",kind:"mutation",document:`mutation CreateShareLink ($org: ID!, $site: ID!, $input: CreateShareLinkInput!) {
  createShareLink(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Zn={name:"CreateSite",kind:"mutation",document:`mutation CreateSite ($org: ID!, $input: CreateSiteInput!) {
  createSite(organizationId: $org, input: $input) {
    id
    urls {
      app
    }
  }
}`},et={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},nt={name:"CreateTeam",kind:"mutation",document:`mutation CreateTeam ($org: ID!, $input: CreateTeamInput!) {
  createTeam(organizationId: $org, input: $input) {
    id
  }
}`},tt={name:"CreateWebhook",kind:"mutation",document:`mutation CreateWebhook ($org: ID!, $input: CreateWebhookInput!) {
  createWebhook(organizationId: $org, input: $input) {
    id
    secret
  }
}`},rt={name:"CustomFieldsScreen",kind:"query",document:`query CustomFieldsScreen ($org: ID!) {
  organization(id: $org) {
    id
    customFields(limit: 1000) {
      count
      items {
        id
        name
        title
        description
        type
        placeholder
        options
      }
    }
  }
}`},it={name:"DeclineInvitation",kind:"mutation",document:`mutation DeclineInvitation ($invitation: ID!) {
  declineInvitation(invitationId: $invitation)
}`},at={name:"DeleteCustomField",kind:"mutation",document:`mutation DeleteCustomField ($org: ID!, $name: String!) {
  deleteCustomField(organizationId: $org, name: $name)
}`},ot={name:"DeleteSAMLProvider",kind:"mutation",document:`mutation DeleteSAMLProvider ($org: ID!, $provider: ID!) {
  deleteSAMLProvider(organizationId: $org, samlProviderId: $provider)
}`},st={name:"DeleteShareLink",kind:"mutation",document:`mutation DeleteShareLink ($org: ID!, $site: ID!, $link: ID!) {
  deleteShareLink(organizationId: $org, siteId: $site, shareLinkId: $link)
}`},lt={name:"DeleteSite",kind:"mutation",document:`mutation DeleteSite ($org: ID!, $site: ID!) {
  deleteSite(organizationId: $org, siteId: $site)
}`},dt={name:"DeleteSiteSection",kind:"mutation",document:`mutation DeleteSiteSection ($org: ID!, $site: ID!, $section: ID!) {
  deleteSiteSection(organizationId: $org, siteId: $site, siteSectionId: $section)
}`},ut={name:"DeleteSiteSectionGroup",kind:"mutation",document:`mutation DeleteSiteSectionGroup ($org: ID!, $site: ID!, $group: ID!) {
  deleteSiteSectionGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group)
}`},pt={name:"DeleteSiteSpace",kind:"mutation",document:`mutation DeleteSiteSpace ($org: ID!, $site: ID!, $siteSpace: ID!) {
  deleteSiteSpace(organizationId: $org, siteId: $site, siteSpaceId: $siteSpace)
}`},ct={name:"DeleteTeam",kind:"mutation",document:`mutation DeleteTeam ($org: ID!, $team: ID!) {
  deleteTeam(organizationId: $org, teamId: $team)
}`},mt={name:"DeleteWebhook",kind:"mutation",document:`mutation DeleteWebhook ($org: ID!, $webhook: ID!) {
  deleteWebhook(organizationId: $org, webhookId: $webhook)
}`},gt={name:"EditContent",kind:"mutation",document:`mutation EditContent ($space: ID!, $cr: String!, $input: ChangeRequestContentInput!) {
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
}`},yt={name:"EditorScreen",kind:"query",document:`query EditorScreen ($space: ID!, $number: String!, $page: ID!, $withPage: Boolean!) {
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
}`},ht={name:"HistoryScreen",kind:"query",document:`query HistoryScreen ($space: ID!, $after: String, $revision: ID!, $withRevision: Boolean!) {
  space(id: $space) {
    id
    title
    history(first: 20, after: $after) {
      next
      items {
        id
        type
        createdAt
        author {
          id
          displayName
        }
        mergedFrom {
          number
          subject
        }
        changes {
          kind
          id
        }
      }
    }
    revisionById(id: $revision) @include(if: $withRevision) {
      id
      type
      createdAt
      author {
        id
        displayName
      }
      mergedFrom {
        number
        subject
      }
      changes {
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
    }
  }
}`},bt={name:"InviteUsers",kind:"mutation",document:`mutation InviteUsers ($org: ID!, $input: InviteUsersInput!) {
  inviteUsers(organizationId: $org, input: $input) {
    invited
  }
}`},ft={name:"MembersScreen",kind:"query",document:`query MembersScreen ($org: ID!) {
  organization(id: $org) {
    id
    title
    members(limit: 1000, sort: name, order: asc) {
      count
      items {
        id
        role
        disabled
        joinedAt
        user {
          id
          displayName
          email
        }
      }
    }
    invitations(limit: 1000) {
      count
      items {
        id
        email
        role
        createdAt
        invitedBy {
          displayName
        }
      }
    }
  }
}`},vt={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},St={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},kt={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},wt={name:"PublishSite",kind:"mutation",document:`mutation PublishSite ($org: ID!, $site: ID!) {
  publishSite(organizationId: $org, siteId: $site) {
    id
    published
    urls {
      published
    }
  }
}`},Rt={name:"RedeliverWebhookDelivery",kind:"mutation",document:`mutation RedeliverWebhookDelivery ($org: ID!, $webhook: ID!, $delivery: ID!) {
  redeliverWebhookDelivery(organizationId: $org, webhookId: $webhook, deliveryId: $delivery) {
    id
    status
  }
}`},_t={name:"RemoveMember",kind:"mutation",document:`mutation RemoveMember ($org: ID!, $user: ID!) {
  removeMember(organizationId: $org, userId: $user)
}`},xt={name:"RemoveSectionFromGroup",kind:"mutation",document:`mutation RemoveSectionFromGroup ($org: ID!, $site: ID!, $group: ID!, $section: ID!) {
  removeSectionFromGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, siteSectionId: $section)
}`},$t={name:"RemoveTeamMember",kind:"mutation",document:`mutation RemoveTeamMember ($org: ID!, $team: ID!, $user: ID!) {
  removeTeamMember(organizationId: $org, teamId: $team, userId: $user)
}`},Ct={name:"RenderPreview",kind:"query",document:`query RenderPreview ($markdown: String!, $space: ID) {
  renderMarkdown(markdown: $markdown, spaceId: $space)
}`},It={name:"ReviewLiveChangeRequest",kind:"subscription",document:`subscription ReviewLiveChangeRequest ($space: ID!, $number: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $number) {
    revision
    updatedAt
  }
}`},At={name:"ReviewLiveComments",kind:"subscription",document:`subscription ReviewLiveComments ($space: ID!, $number: ID!) {
  commentsChanged(spaceId: $space, changeRequestId: $number) {
    kind
    commentId
  }
}`},Pt={name:"ReviewMerge",kind:"mutation",document:`mutation ReviewMerge ($space: ID!, $number: String!, $base: String) {
  mergeChangeRequest(spaceId: $space, changeRequestId: $number, baseRevision: $base) {
    revision
  }
}`},Dt={name:"ReviewMergePreview",kind:"query",document:`query ReviewMergePreview ($space: ID!, $number: String!) {
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
}`},Tt={name:"ReviewPostComment",kind:"mutation",document:`mutation ReviewPostComment ($space: ID!, $number: String!, $page: String, $markdown: String!) {
  postComment(spaceId: $space, changeRequestId: $number, input: {page:$page,body:{markdown:$markdown}}) {
    id
  }
}`},Lt={name:"ReviewPostReply",kind:"mutation",document:`mutation ReviewPostReply ($space: ID!, $number: String!, $comment: ID!, $markdown: String!) {
  postCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, input: {body:{markdown:$markdown}}) {
    id
  }
}`},Mt={name:"ReviewScreen",kind:"query",document:`query ReviewScreen ($space: ID!, $number: String!) {
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
}`},tn={name:"ReviewUpdateComment",kind:"mutation",document:`mutation ReviewUpdateComment ($space: ID!, $number: String!, $comment: ID!, $input: UpdateCommentInput!) {
  updateComment(spaceId: $space, changeRequestId: $number, commentId: $comment, input: $input) {
    id
  }
}`},qt={name:"ReviewUpdateReply",kind:"mutation",document:`mutation ReviewUpdateReply ($space: ID!, $number: String!, $comment: ID!, $reply: ID!, $input: UpdateCommentReplyInput!) {
  updateCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, replyId: $reply, input: $input) {
    id
  }
}`},Vt={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Ot={name:"RevokeInvitation",kind:"mutation",document:`mutation RevokeInvitation ($org: ID!, $invitation: ID!) {
  revokeInvitation(organizationId: $org, invitationId: $invitation)
}`},Et={name:"RevokePersonalToken",kind:"mutation",document:`mutation RevokePersonalToken ($id: ID!) {
  revokePersonalToken(id: $id)
}`},Nt={name:"SAMLScreen",kind:"query",document:`query SAMLScreen ($org: ID!) {
  organization(id: $org) {
    id
    samlProviders(limit: 100) {
      count
      items {
        id
        label
        ssoURL
        entityID
        certificate
        defaultRole
        idpInitiated
        status
        defaultTeam {
          id
        }
        service {
          acsURL
          startURL
          entityID
        }
      }
    }
    teams(limit: 1000) {
      items {
        id
        title
      }
    }
  }
}`},Ut={name:"SetSiteVisitorKey",kind:"mutation",document:`mutation SetSiteVisitorKey ($org: ID!, $site: ID!, $input: SiteVisitorKeyInput!) {
  setSiteVisitorKey(organizationId: $org, siteId: $site, input: $input) {
    algorithm
    audience
    updatedAt
  }
}`},Ft={name:"SetTeamMember",kind:"mutation",document:`mutation SetTeamMember ($org: ID!, $team: ID!, $user: ID!, $input: SetTeamMemberInput) {
  setTeamMember(organizationId: $org, teamId: $team, userId: $user, input: $input)
}`},zt={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},Wt={name:"SitePublishScreen",kind:"query",document:`query SitePublishScreen ($org: ID!, $site: ID!) {
  organization(id: $org) {
    id
    spaces(limit: 1000) {
      items {
        id
        title
      }
    }
    site(id: $site) {
      id
      title
      published
      visibility
      urls {
        published
        preview
      }
      permissions {
        edit
        admin
      }
      customization
      visitorKey {
        algorithm
        audience
        updatedAt
      }
      sections(limit: 100) {
        items {
          id
          title
          path
          default
          sectionGroup
          siteSpaces {
            id
            title
            path
            space {
              id
              title
            }
          }
        }
      }
      sectionGroups(limit: 100) {
        items {
          id
          title
          sections {
            id
            title
          }
        }
      }
      siteSpaceList(limit: 100) {
        items {
          id
          title
          path
          section
          default
          space {
            id
            title
          }
        }
      }
      shareLinks(limit: 100) {
        items {
          id
          name
          active
          urls {
            published
          }
        }
      }
    }
  }
}`},jt={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},Ht={name:"SitesScreen",kind:"query",document:`query SitesScreen ($org: ID!) {
  organization(id: $org) {
    id
    title
    permissions {
      admin
      createContent
    }
    sites(limit: 100) {
      count
      items {
        id
        title
        published
        visibility
        siteSpaces
        urls {
          app
          published
        }
      }
    }
    spaces(limit: 1000) {
      items {
        id
        title
      }
    }
  }
}`},Bt={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($org: ID!, $space: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Gt={name:"Start",kind:"query",document:`query Start {
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
}`},Kt={name:"TeamsScreen",kind:"query",document:`query TeamsScreen ($org: ID!) {
  organization(id: $org) {
    id
    teams(limit: 50) {
      count
      items {
        id
        title
        members
        teamMembers(limit: 50) {
          items {
            organization {
              id
              user {
                id
                displayName
                email
              }
            }
            team {
              role
            }
          }
        }
      }
    }
    members(limit: 1000, sort: name, order: asc) {
      items {
        id
        user {
          id
          displayName
          email
        }
      }
    }
  }
}`},Qt={name:"UnpublishSite",kind:"mutation",document:`mutation UnpublishSite ($org: ID!, $site: ID!) {
  unpublishSite(organizationId: $org, siteId: $site) {
    id
    published
  }
}`},Jt={name:"UpdateMember",kind:"mutation",document:`mutation UpdateMember ($org: ID!, $user: ID!, $input: UpdateMemberInput!) {
  updateMember(organizationId: $org, userId: $user, input: $input) {
    id
    role
  }
}`},Yt={name:"UpdateSAMLProvider",kind:"mutation",document:`mutation UpdateSAMLProvider ($org: ID!, $provider: ID!, $input: UpdateSAMLProviderInput!) {
  updateSAMLProvider(organizationId: $org, samlProviderId: $provider, input: $input) {
    id
    status
  }
}`},Xt={name:"UpdateShareLink",kind:"mutation",document:`mutation UpdateShareLink ($org: ID!, $site: ID!, $link: ID!, $input: UpdateShareLinkInput!) {
  updateShareLink(organizationId: $org, siteId: $site, shareLinkId: $link, input: $input) {
    id
    active
  }
}`},Zt={name:"UpdateSite",kind:"mutation",document:`mutation UpdateSite ($org: ID!, $site: ID!, $input: UpdateSiteInput!) {
  updateSite(organizationId: $org, siteId: $site, input: $input) {
    id
    title
    visibility
  }
}`},er={name:"UpdateSiteCustomization",kind:"mutation",document:`mutation UpdateSiteCustomization ($org: ID!, $site: ID!, $input: JSON!) {
  updateSiteCustomization(organizationId: $org, siteId: $site, input: $input)
}`},nr={name:"UpdateTeamMembers",kind:"mutation",document:`mutation UpdateTeamMembers ($org: ID!, $team: ID!, $input: UpdateTeamMembersInput!) {
  updateTeamMembers(organizationId: $org, teamId: $team, input: $input)
}`},tr={name:"UpdateWebhook",kind:"mutation",document:`mutation UpdateWebhook ($org: ID!, $webhook: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(organizationId: $org, webhookId: $webhook, input: $input) {
    id
    active
  }
}`},rr={name:"WebhookScreen",kind:"query",document:`query WebhookScreen ($org: ID!, $webhook: ID!) {
  organization(id: $org) {
    id
    webhook(webhookId: $webhook) {
      id
      url
      events
      active
      disabledReason
      createdAt
      deliveries(limit: 100) {
        count
        items {
          id
          eventType
          status
          attempts
          responseCode
          durationMs
          error
          redeliveryOf
          createdAt
          deliveredAt
          nextAttemptAt
        }
      }
    }
  }
}`},ir={name:"WebhooksScreen",kind:"query",document:`query WebhooksScreen ($org: ID!) {
  organization(id: $org) {
    id
    webhooks(limit: 1000) {
      count
      items {
        id
        url
        events
        active
        disabledReason
        createdAt
      }
    }
  }
}`};var L=class extends Error{constructor(r,i=null){super(r.map(o=>o.message).join("; "));this.errors=r;this.data=i}errors;data;code(r){return this.errors.find(i=>i.extensions?.code===r)}forField(r){let i=new RegExp(`(^|[.\\]])${r}:`);return this.errors.find(a=>a.extensions?.field===r||i.test(a.message.split(" ")[0]??""))?.message}};function gi(){for(let n of document.cookie.split(";")){let[t,r]=n.trim().split("=");if(t==="folio_csrf")return decodeURIComponent(r??"")}return""}function yi(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new L([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function h(n,t,r){let i;try{i=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":gi()},body:JSON.stringify({query:n.document,operationName:n.name,variables:t}),signal:r})}catch(a){throw a.name==="AbortError"?a:new L([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let o;try{o=await i.json()}catch{throw new L([{message:`The server answered ${i.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(o.errors?.length)throw o.errors.some(a=>a.extensions?.code==="UNAUTHENTICATED")&&yi(),new L(o.errors,o.data??null);if(o.data==null)throw new L([{message:`The server answered ${i.status} without data.`}]);return o.data}var hi=Symbol.for("pv"),bi=0;function e(n,t,r,i,o,a){t||(t={});var s,l,u=t;if("ref"in u&&typeof n!="function")for(l in u={},t)l=="ref"?s=t[l]:u[l]=t[l];var c={type:n,props:u,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:hi,__v:--bi,__i:-1,__u:0};return(o||a)&&(c.__source=o,c.__self=a),D.vnode&&D.vnode(c),c}function _(n,t,r=!1){let i=JSON.stringify(t),[o,a]=b(null),[s,l]=b(null),[u,c]=b(!r),p=H(null),m=Vn(async()=>{p.current?.abort();let g=new AbortController;p.current=g,c(!0);try{let d=await h(n,JSON.parse(i),g.signal);if(g.signal.aborted)return;a(d),l(null)}catch(d){if(g.signal.aborted)return;l(d instanceof L?d:new L([{message:String(d)}]))}finally{g.signal.aborted||c(!1)}},[n,i]);return O(()=>{if(!r)return a(null),m(),()=>p.current?.abort()},[m,r]),{data:o,error:s,loading:u,reload:m}}function A({error:n,onRetry:t}){return n?e("div",{class:"notice error",role:"alert",children:[e("p",{children:n.message}),t&&e("button",{type:"button",onClick:t,children:"Try again"})]}):null}function $({q:n,children:t}){return n.error&&!n.data?e(A,{error:n.error,onRetry:n.reload}):n.data?e(f,{children:t(n.data)}):e("p",{class:"muted",role:"status",children:"Loading…"})}var T="([^/]+)",fi=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${T}/?$`),n=>({kind:"org",org:n[1]})],[new RegExp(`^/app/o/${T}/c/${T}/?$`),n=>({kind:"collection",org:n[1],id:n[2]})],[new RegExp(`^/app/o/${T}/s/${T}(?:/page/${T})?/?$`),n=>({kind:"space",org:n[1],space:n[2],page:n[3]})],[new RegExp(`^/app/o/${T}/s/${T}/revisions/${T}(?:/page/${T})?/?$`),n=>({kind:"revision",org:n[1],space:n[2],revision:n[3],page:n[4]})],[new RegExp(`^/app/o/${T}/s/${T}/history(?:/${T})?/?$`),n=>({kind:"history",org:n[1],space:n[2],revision:n[3]})],[new RegExp(`^/app/o/${T}/s/${T}/change-requests/${T}/edit(?:/page/${T})?/?$`),n=>({kind:"edit",org:n[1],space:n[2],number:n[3],page:n[4]})],[new RegExp(`^/app/o/${T}/s/${T}/change-requests/${T}(?:/page/${T})?/?$`),n=>({kind:"changeRequest",org:n[1],space:n[2],number:n[3],page:n[4]})],[new RegExp(`^/app/o/${T}/s/${T}/change-requests/${T}/review/?$`),n=>({kind:"review",org:n[1],space:n[2],number:n[3]})],[new RegExp(`^/app/o/${T}/sites/${T}(/preview)?/?$`),n=>({kind:"site",org:n[1],site:n[2],preview:!!n[3]})],[new RegExp(`^/app/o/${T}/openapi/${T}/?$`),n=>({kind:"openapi",org:n[1],slug:n[2]})],[new RegExp(`^/app/o/${T}/((?:sites|admin|account)(?:/[^/]+)*)/?$`),n=>({kind:"manage",org:n[1],rest:n[2]})]];function ar(n){for(let[t,r]of fi){let i=t.exec(n);if(i)return r(i.map(o=>o===void 0?o:decodeURIComponent(o)))}return{kind:"notFound",path:n}}var P=encodeURIComponent,R={org:n=>`/app/o/${P(n)}`,collection:(n,t)=>`/app/o/${P(n)}/c/${P(t)}`,space:(n,t)=>`/app/o/${P(n)}/s/${P(t)}`,page:(n,t,r)=>`/app/o/${P(n)}/s/${P(t)}/page/${P(r)}`,revision:(n,t,r,i)=>`/app/o/${P(n)}/s/${P(t)}/revisions/${P(r)}`+(i?`/page/${P(i)}`:""),history:(n,t,r)=>`/app/o/${P(n)}/s/${P(t)}/history`+(r?`/${P(r)}`:""),changeRequest:(n,t,r,i)=>`/app/o/${P(n)}/s/${P(t)}/change-requests/${P(String(r))}`+(i?`/page/${P(i)}`:""),review:(n,t,r)=>`/app/o/${P(n)}/s/${P(t)}/change-requests/${P(String(r))}/review`,edit:(n,t,r,i)=>`/app/o/${P(n)}/s/${P(t)}/change-requests/${P(String(r))}/edit`+(i?`/page/${P(i)}`:""),site:(n,t)=>`/app/o/${P(n)}/sites/${P(t)}`,openapi:(n,t)=>`/app/o/${P(n)}/openapi/${P(t)}`};function ie(n){try{let t=new URL(n,location.href);return t.pathname+t.hash}catch{return n}}var Le=new Set;function E(n,t=!1){t?history.replaceState(null,"",n):history.pushState(null,"",n),Le.forEach(r=>r()),t||window.scrollTo(0,0)}function or(){document.addEventListener("click",n=>{if(n.defaultPrevented||n.button!==0||n.metaKey||n.ctrlKey||n.shiftKey||n.altKey)return;let t=n.target?.closest?.("a");if(!t||t.target||t.hasAttribute("download"))return;let r=new URL(t.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(n.preventDefault(),E(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>Le.forEach(n=>n()))}function sr(){let[n,t]=b(()=>ar(location.pathname));return O(()=>{let r=()=>t(ar(location.pathname));return Le.add(r),()=>{Le.delete(r)}},[]),n}var lr=n=>`folio.recent.${n}`;function rn(n){try{let t=JSON.parse(localStorage.getItem(lr(n))??"[]");return Array.isArray(t)?t.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function dr(n,t){let r=[t,...rn(n).filter(i=>i.id!==t.id)].slice(0,5);try{localStorage.setItem(lr(n),JSON.stringify(r))}catch{}}function ur({org:n,onClose:t}){let r=H(null),[i,o]=b(""),[a,s]=b(null),[l,u]=b(null);O(()=>{r.current?.showModal()},[]),O(()=>{let m=i.trim();if(!m){s(null);return}let g=new AbortController,d=setTimeout(async()=>{try{let y=await h(kt,{org:n,query:m},g.signal);s(y.organization?.search.items??[]),u(null)}catch(y){g.signal.aborted||u(y instanceof L?y.message:String(y))}},150);return()=>{clearTimeout(d),g.abort()}},[i,n]);let c=m=>{t(),E(ie(m))},p=a?.flatMap(m=>m.pages)[0];return e("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:t,onCancel:t,children:[e("form",{method:"dialog",role:"search",onSubmit:m=>{m.preventDefault(),p&&c(p.urls.app)},children:[e("h2",{id:"search-h",children:"Search"}),e("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),e("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:i,autoComplete:"off",onInput:m=>o(m.target.value)}),e("button",{type:"button",class:"close",onClick:t,children:"Close"})]}),l&&e("p",{class:"notice error",role:"alert",children:l}),e("div",{"aria-live":"polite",children:[a&&a.length===0&&e("p",{class:"muted",children:["Nothing matches “",i.trim(),"”."]}),a?.map(m=>e("section",{class:"results",children:[e("h3",{children:m.title}),e("ul",{children:m.pages.map(g=>e("li",{children:[e("a",{href:ie(g.urls.app),onClick:d=>{d.preventDefault(),c(g.urls.app)},children:g.title||g.path}),g.sections.length>0&&e("ul",{children:g.sections.slice(0,3).map(d=>e("li",{children:e("a",{href:ie(d.urls.app),onClick:y=>{y.preventDefault(),c(d.urls.app)},children:d.title})},d.id))})]},g.id))})]},m.id))]})]})}function pr(n){return n instanceof L?n:new L([{message:String(n?.message??n)}])}function an(n){return typeof n.extensions?.field=="string"?n.extensions.field:/^([A-Za-z][\w.]*): /.exec(n.message)?.[1]}function q(n){let[t,r]=b(n.initial),[i,o]=b(!1),[a,s]=b(null),[l,u]=b(""),c=H(n);c.current=n;let p=d=>c.current.api?.[d]??d,m=d=>{if(d)for(let y of Object.keys(c.current.initial)){let x=p(y);if(d===x||d.startsWith(x+".")||d.startsWith(x+"["))return y}};return{id:n.id,values:t,busy:i,error:a,done:l,set(d,y){r(x=>({...x,[d]:y})),u("")},fieldError(d){return a?.errors.find(y=>m(an(y))===d)?.message},formErrors(){return(a?.errors??[]).filter(d=>!m(an(d))).map(d=>d.message)},onSubmit(d){if(d.preventDefault(),i)return;o(!0),u("");let y=t;c.current.submit(y).then(x=>{s(null),u(typeof x=="string"?x:""),c.current.reset&&r(c.current.initial)}).catch(x=>{let S=pr(x);s(S);let I=S.errors.map(v=>m(an(v))).find(Boolean);I&&setTimeout(()=>document.getElementById(`${c.current.id}-${I}`)?.focus(),0)}).finally(()=>o(!1))}}}function M({form:n,name:t,label:r,hint:i,type:o="text",autoComplete:a}){let s=`${n.id}-${t}`,l=n.fieldError(t),u=[i?`${s}-hint`:"",`${s}-error`].filter(Boolean).join(" ");return e("div",{class:"field",children:[e("label",{for:s,children:r}),e("input",{type:o,autoComplete:a,id:s,name:t,value:String(n.values[t]??""),"aria-invalid":l?!0:void 0,"aria-describedby":u,onInput:c=>n.set(t,c.target.value)}),i&&e("small",{id:`${s}-hint`,class:"muted",children:i}),e("span",{id:`${s}-error`,class:"field-error",children:l??""})]})}function ce({form:n,name:t,label:r,hint:i,rows:o=4}){let a=`${n.id}-${t}`,s=n.fieldError(t),l=[i?`${a}-hint`:"",`${a}-error`].filter(Boolean).join(" ");return e("div",{class:"field",children:[e("label",{for:a,children:r}),e("textarea",{id:a,name:t,rows:o,value:String(n.values[t]??""),"aria-invalid":s?!0:void 0,"aria-describedby":l,onInput:u=>n.set(t,u.target.value)}),i&&e("small",{id:`${a}-hint`,class:"muted",children:i}),e("span",{id:`${a}-error`,class:"field-error",children:s??""})]})}function z({form:n,name:t,label:r,options:i}){let o=`${n.id}-${t}`,a=n.fieldError(t);return e("div",{class:"field",children:[e("label",{for:o,children:r}),e("select",{id:o,name:t,value:String(n.values[t]??""),"aria-invalid":a?!0:void 0,"aria-describedby":`${o}-error`,onChange:s=>n.set(t,s.target.value),children:i.map(([s,l])=>e("option",{value:s,children:l},s))}),e("span",{id:`${o}-error`,class:"field-error",children:a??""})]})}function Me({form:n,name:t,label:r}){let i=`${n.id}-${t}`,o=n.fieldError(t);return e("div",{class:"field check",children:[e("input",{type:"checkbox",id:i,name:t,checked:!!n.values[t],"aria-describedby":`${i}-error`,onChange:a=>n.set(t,a.target.checked)}),e("label",{for:i,children:r}),e("span",{id:`${i}-error`,class:"field-error",children:o??""})]})}function V({form:n,submit:t,children:r,label:i}){let o=n.formErrors();return e("form",{class:"api-form",onSubmit:n.onSubmit,"aria-label":i,noValidate:!0,children:[r,o.length>0&&e("div",{class:"notice error",role:"alert",children:o.map((a,s)=>e("p",{children:a},s))}),e("button",{type:"submit",class:"primary",disabled:n.busy,children:t}),e("span",{role:"status",class:"muted",children:n.done})]})}function W(){let[n,t]=b(!1),[r,i]=b(null);return{busy:n,error:r,run:async a=>{t(!0);try{await a(),i(null)}catch(s){i(pr(s))}finally{t(!1)}}}}var on=[["public","Public: anyone, indexed by search engines"],["unlisted","Unlisted: anyone with the address"],["share-link","Share links: holders of a link"],["visitor-auth","Visitor authentication: holders of a signed token"]];function qe({org:n,site:t}){let r=_(Wt,{org:n,site:t});return e($,{q:r,children:i=>e(vi,{org:n,s:i.organization.site,spaces:i.organization.spaces.items,reload:r.reload})})}function cr(n){return[["","Choose a space"],...n.map(t=>[t.id,t.title||"Untitled space"])]}function vi({org:n,s:t,spaces:r,reload:i}){let o=W(),a={org:n,site:t.id},s=q({id:"site-settings",initial:{title:t.title,visibility:t.visibility},submit:async u=>(await h(Zt,{...a,input:{title:u.title,visibility:u.visibility}}),await i(),"Saved.")}),l=t.siteSpaceList.items.filter(u=>!u.section);return e(f,{children:[e("h1",{children:t.title}),e("p",{class:"lead",children:[e("span",{class:"badge","data-testid":"site-state",children:t.published?"Published":"Not published"})," ",t.published&&t.urls.published&&e("a",{href:t.urls.published,"data-testid":"open-site",children:"Open the published site"})]}),e(A,{error:o.error}),e("p",{class:"actions",children:[t.published?e("button",{type:"button",disabled:o.busy,onClick:()=>o.run(async()=>(await h(Qt,a),i())),children:"Unpublish"}):e("button",{type:"button",class:"primary",disabled:o.busy,onClick:()=>o.run(async()=>(await h(wt,a),i())),children:"Publish"}),e("a",{href:t.urls.preview,children:"Preview"})]}),e("section",{"aria-labelledby":"settings-h",children:[e("h2",{id:"settings-h",children:"Settings"}),e(V,{form:s,submit:"Save settings",label:"Site settings",children:[e(M,{form:s,name:"title",label:"Title",hint:"2 to 128 characters."}),e(z,{form:s,name:"visibility",label:"Who reads it",options:on})]})]}),e("section",{"aria-labelledby":"spaces-h",children:[e("h2",{id:"spaces-h",children:"Spaces"}),t.sections.items.length>0?e("p",{class:"muted",children:"The site has sections: add spaces to a section below."}):e(f,{children:[e(mr,{org:n,site:t.id,items:l,reload:i}),e(gr,{org:n,site:t.id,spaces:r,reload:i})]})]}),t.permissions.admin&&e(_i,{org:n,s:t,reload:i}),e(Si,{org:n,s:t,spaces:r,reload:i}),e(ki,{org:n,s:t,reload:i}),(t.visibility==="share-link"||t.shareLinks.items.length>0)&&e(wi,{org:n,s:t,reload:i}),(t.visibility==="visitor-auth"||t.visitorKey)&&t.permissions.admin&&e(Ri,{org:n,s:t,reload:i}),e("section",{"aria-labelledby":"danger-h",children:[e("h2",{id:"danger-h",children:"Delete"}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>{await h(lt,a),E(B.sites(n))}),children:["Delete the site ",t.title]})]})]})}function mr({org:n,site:t,items:r,reload:i}){let o=W();return e(f,{children:[e(A,{error:o.error}),e("ul",{class:"rows",children:r.map(a=>e("li",{children:[e("span",{children:[a.space.title||a.title," ",e("span",{class:"muted",children:["· /",a.path]})]}),e("button",{type:"button",disabled:o.busy,"aria-label":`Remove ${a.space.title||a.title} from the site`,onClick:()=>o.run(async()=>(await h(pt,{org:n,site:t,siteSpace:a.id}),i())),children:"Remove"})]},a.id))})]})}function gr({org:n,site:t,section:r,spaces:i,reload:o}){let a=q({id:`add-space-${r??"root"}`,initial:{spaceId:""},reset:!0,submit:async s=>{await h(Hn,{org:n,site:t,input:{spaceId:s.spaceId,sectionId:r??null}}),await o()}});return e(V,{form:a,submit:"Add space",label:r?"Add a space to this section":"Add a space to the site",children:e(z,{form:a,name:"spaceId",label:"Space",options:cr(i)})})}function Si({org:n,s:t,spaces:r,reload:i}){let o=W(),a=q({id:"new-section",initial:{title:"",spaceId:""},reset:!0,submit:async s=>{await h(Wn,{org:n,site:t.id,input:{spaceId:s.spaceId,title:s.title||null}}),await i()}});return e("section",{"aria-labelledby":"sections-h",children:[e("h2",{id:"sections-h",children:"Sections"}),e(A,{error:o.error}),t.sections.items.map(s=>e("div",{class:"card",children:[e("h3",{children:[s.title," ",e("span",{class:"muted",children:["· /",s.path]}),s.default?e("span",{class:"badge",children:"default"}):null]}),e(mr,{org:n,site:t.id,items:s.siteSpaces,reload:i}),e(gr,{org:n,site:t.id,section:s.id,spaces:r,reload:i}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await h(dt,{org:n,site:t.id,section:s.id}),i())),children:["Delete section ",s.title]})]},s.id)),e("h3",{children:"New section"}),e(V,{form:a,submit:"Add section",label:"New section",children:[e(M,{form:a,name:"title",label:"Title",hint:"2 to 64 characters; the space's title when empty."}),e(z,{form:a,name:"spaceId",label:"First space",options:cr(r)})]})]})}function ki({org:n,s:t,reload:r}){let i=W(),o=q({id:"new-group",initial:{title:""},reset:!0,submit:async s=>{await h(jn,{org:n,site:t.id,input:{title:s.title}}),await r()}});if(t.sections.items.length===0&&t.sectionGroups.items.length===0)return null;let a=t.sections.items.filter(s=>!s.sectionGroup);return e("section",{"aria-labelledby":"groups-h",children:[e("h2",{id:"groups-h",children:"Section groups"}),e(A,{error:i.error}),t.sectionGroups.items.map(s=>e("div",{class:"card",children:[e("h3",{children:s.title}),e("ul",{class:"rows",children:s.sections.map(l=>e("li",{children:[e("span",{children:l.title}),e("button",{type:"button",disabled:i.busy,"aria-label":`Take ${l.title} out of ${s.title}`,onClick:()=>i.run(async()=>(await h(xt,{org:n,site:t.id,group:s.id,section:l.id}),r())),children:"Take out"})]},l.id))}),a.length>0&&e("p",{class:"actions",children:a.map(l=>e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await h(zn,{org:n,site:t.id,group:s.id,input:{sectionId:l.id}}),r())),children:["Put ",l.title," in ",s.title]},l.id))}),e("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>(await h(ut,{org:n,site:t.id,group:s.id}),r())),children:["Delete group ",s.title]})]},s.id)),e(V,{form:o,submit:"Add group",label:"New section group",children:e(M,{form:o,name:"title",label:"Group title",hint:"1 to 100 characters."})})]})}function wi({org:n,s:t,reload:r}){let i=W(),o=q({id:"new-share-link",initial:{name:""},reset:!0,submit:async a=>{await h(Xn,{org:n,site:t.id,input:{name:a.name}}),await r()}});return e("section",{"aria-labelledby":"links-h",children:[e("h2",{id:"links-h",children:"Share links"}),e(A,{error:i.error}),e("ul",{class:"rows",children:t.shareLinks.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.name||"Unnamed link"})," ",a.active?"":e("span",{class:"muted",children:"(deactivated)"}),a.urls.published&&e(f,{children:[" ",e("code",{class:"secret",children:a.urls.published})]})]}),e("span",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await h(Xt,{org:n,site:t.id,link:a.id,input:{active:!a.active}}),r())),children:[a.active?"Deactivate":"Activate"," ",e("span",{class:"visually-hidden",children:a.name})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Delete the share link ${a.name??""}`,onClick:()=>i.run(async()=>(await h(st,{org:n,site:t.id,link:a.id}),r())),children:"Delete"})]})]},a.id))}),e(V,{form:o,submit:"Create share link",label:"New share link",children:e(M,{form:o,name:"name",label:"Name",hint:"Who it is for, at most 50 characters."})})]})}function Ri({org:n,s:t,reload:r}){let i=q({id:"visitor-key",initial:{algorithm:"HS256",key:"",audience:""},reset:!0,submit:async o=>(await h(Ut,{org:n,site:t.id,input:{algorithm:o.algorithm,key:o.key,audience:o.audience||null}}),await r(),"Key set.")});return e("section",{"aria-labelledby":"vk-h",children:[e("h2",{id:"vk-h",children:"Visitor authentication key"}),e("p",{"data-testid":"visitor-key",children:t.visitorKey?`A ${t.visitorKey.algorithm} key is set (${Y(t.visitorKey.updatedAt)})${t.visitorKey.audience?`, audience ${t.visitorKey.audience}`:""}.`:"No key is set: visitors cannot read the site until one is."}),e(V,{form:i,submit:t.visitorKey?"Replace key":"Set key",label:"Visitor key",children:[e(z,{form:i,name:"algorithm",label:"Algorithm",options:[["HS256","HS256 (shared secret, 32 bytes or more)"],["RS256","RS256 (RSA public key, PEM)"]]}),e(ce,{form:i,name:"key",label:"Key",hint:"Never shown again.",rows:3}),e(M,{form:i,name:"audience",label:"Audience (optional)"})]})]})}function _i({org:n,s:t,reload:r}){let i=t.customization??{},o=q({id:"customization",initial:{theme:i.styling?.theme??"clean",primaryColor:i.styling?.primaryColor?.light??"#346DDB"},api:{primaryColor:"styling"},submit:async a=>{let s={...i,styling:{...i.styling,theme:a.theme,primaryColor:{light:a.primaryColor,dark:a.primaryColor}}};return await h(er,{org:n,site:t.id,input:s}),await r(),"Saved."}});return e("section",{"aria-labelledby":"custom-h",children:[e("h2",{id:"custom-h",children:"Look"}),e(V,{form:o,submit:"Save look",label:"Site customization",children:[e(z,{form:o,name:"theme",label:"Theme",options:[["clean","Clean"],["muted","Muted"],["bold","Bold"],["gradient","Gradient"]]}),e(M,{form:o,name:"primaryColor",label:"Primary colour",hint:"A hex colour such as #346DDB, for light and dark."})]})]})}function yr({org:n}){let t=_(Ht,{org:n}),r=q({id:"new-site",initial:{title:"",visibility:"public",space:""},api:{space:"spaces"},submit:async i=>{let o=await h(Zn,{org:n,input:{title:i.title,visibility:i.visibility,spaces:i.space?[i.space]:null}});E(ie(o.createSite.urls.app))}});return e($,{q:t,children:i=>e(f,{children:[e("h1",{children:["Sites (",i.organization.sites.count,")"]}),e("ul",{class:"rows",children:i.organization.sites.items.map(o=>e("li",{children:[e("span",{children:[e("a",{href:B.site(n,o.id),children:o.title}),e("span",{class:"muted",children:[" ","· ",o.published?"published":"not published"," · ",o.visibility," · ",o.siteSpaces," spaces"]})]}),o.urls.published&&e("a",{href:o.urls.published,children:"Open"})]},o.id))}),i.organization.permissions.createContent&&e(f,{children:[e("h2",{children:"New site"}),e(V,{form:r,submit:"Create site",label:"New site",children:[e(M,{form:r,name:"title",label:"Title",hint:"2 to 128 characters."}),e(z,{form:r,name:"visibility",label:"Who reads it",options:on}),e(z,{form:r,name:"space",label:"First space",options:[["","None yet"],...i.organization.spaces.items.map(o=>[o.id,o.title||"Untitled space"])]})]})]})]})})}function hr(){let n=_(Fn,{}),[t,r]=b(null),i=W(),o=q({id:"new-token",initial:{name:"",expiresAt:"",readOnly:!1},reset:!0,submit:async a=>{let s=a.expiresAt?new Date(a.expiresAt+"T23:59:59Z").toISOString():null,l=await h(Jn,{input:{name:a.name,expiresAt:s,readOnly:a.readOnly}});return r({name:l.createPersonalToken.name,token:l.createPersonalToken.token}),await n.reload(),`Token ${l.createPersonalToken.name} created.`}});return e($,{q:n,children:a=>e(f,{children:[e("h1",{children:"Your account"}),e("p",{class:"muted",children:["Signed in as ",a.viewer.displayName," (",a.viewer.email,")."]}),e(A,{error:i.error}),e("section",{"aria-labelledby":"inv-h",children:[e("h2",{id:"inv-h",children:["Invitations (",a.invitations.count,")"]}),a.invitations.items.length===0?e("p",{class:"muted",children:"No pending invitations."}):e("ul",{class:"rows",children:a.invitations.items.map(s=>e("li",{children:[e("span",{children:[e("strong",{children:s.organization.title})," invites you as ",s.role??"guest",s.invitedBy?` (from ${s.invitedBy.displayName})`:""]}),e("span",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,"aria-label":`Accept the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>{let l=await h(Un,{org:s.organization.id,invitation:s.id});E(R.org(l.joinOrganization.organization))}),children:"Accept"}),e("button",{type:"button",disabled:i.busy,"aria-label":`Decline the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>(await h(it,{invitation:s.id}),n.reload())),children:"Decline"})]})]},s.id))})]}),e("section",{"aria-labelledby":"tokens-h",children:[e("h2",{id:"tokens-h",children:["Personal API tokens (",a.personalTokens.count,")"]}),e("p",{class:"muted",children:["Send a token as ",e("code",{children:"Authorization: Bearer <token>"})," to the REST API (/v1) or GraphQL (/graphql)."]}),t&&e("div",{class:"notice",role:"status",children:[e("p",{children:["The secret of ",e("strong",{children:t.name}),", shown this once: copy it now."]}),e("p",{children:e("code",{class:"secret","data-testid":"token-secret",children:t.token})}),e("button",{type:"button",onClick:()=>r(null),children:"Done"})]}),e("ul",{class:"rows",children:a.personalTokens.items.map(s=>e("li",{children:[e("span",{children:[e("strong",{children:s.commandLine?"(folio token create)":s.name}),s.readOnly?" · read-only":"",s.expired?" · expired":s.expiresAt?` · expires ${Y(s.expiresAt)}`:" · never expires",e("span",{class:"muted",children:[" · last used ",s.lastUsedAt?Y(s.lastUsedAt):"never"]})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Revoke ${s.name||"command-line token"}`,onClick:()=>i.run(async()=>(await h(Et,{id:s.id}),n.reload())),children:"Revoke"})]},s.id))}),e("h3",{children:"New token"}),e(V,{form:o,submit:"Create token",label:"New personal API token",children:[e(M,{form:o,name:"name",label:"Name",hint:"What the token is for, 1 to 100 characters."}),e(M,{form:o,name:"expiresAt",label:"Expires on (optional)",type:"date"}),e(Me,{form:o,name:"readOnly",label:"Read-only"})]})]})]})})}var xi=[["text","Text"],["number","Number"],["boolean","Yes or no"],["single-select","One of a list"],["multi-select","Several of a list"],["tags","Tags"]];function br({org:n}){let t=_(rt,{org:n}),r=W(),i=q({id:"new-field",initial:{name:"",title:"",type:"text",description:"",options:""},reset:!0,submit:async o=>{let a=o.options.split(",").map(s=>s.trim()).filter(Boolean);return await h(Qn,{org:n,input:{name:o.name,title:o.title||null,type:o.type,description:o.description||null,options:a.length?a:null}}),await t.reload(),`Field ${o.name} created.`}});return e(f,{children:[e(ee,{org:n,current:"custom-fields"}),e($,{q:t,children:o=>e(f,{children:[e("h1",{children:["Custom fields (",o.organization.customFields.count,")"]}),e(A,{error:r.error}),e("ul",{class:"rows",children:o.organization.customFields.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.title||a.name})," ",e("code",{children:a.name})," ",e("span",{class:"muted",children:["· ",a.type]}),a.options?.length?e("span",{class:"muted",children:[" · ",a.options.join(", ")]}):null]}),e("button",{type:"button",disabled:r.busy,"aria-label":`Delete the field ${a.name}`,onClick:()=>r.run(async()=>(await h(at,{org:n,name:a.name}),t.reload())),children:"Delete"})]},a.id))}),e("h2",{children:"New field"}),e(V,{form:i,submit:"Create field",label:"New custom field",children:[e(M,{form:i,name:"name",label:"Name",hint:"Lower-case letters, digits, '_' and '-'; at most 50."}),e(M,{form:i,name:"title",label:"Title (optional)"}),e(z,{form:i,name:"type",label:"Type",options:xi}),e(M,{form:i,name:"description",label:"Description (optional)"}),e(M,{form:i,name:"options",label:"Options",hint:"For a list: its options, separated by commas."})]})]})})]})}var fr=n=>n||null;function vr({org:n}){let t=_(ft,{org:n}),r=W(),i=q({id:"invite",initial:{emails:"",role:"read"},reset:!0,submit:async o=>{let a=o.emails.split(/[\s,;]+/).map(l=>l.trim()).filter(Boolean),s=await h(bt,{org:n,input:{emails:a,role:fr(o.role)}});return await t.reload(),`${s.inviteUsers.invited} invited.`}});return e(f,{children:[e(ee,{org:n,current:"members"}),e($,{q:t,children:o=>e(f,{children:[e("h1",{children:["Members of ",o.organization.title]}),e(A,{error:r.error}),e("section",{"aria-labelledby":"members-h",children:[e("h2",{id:"members-h",children:["Members (",o.organization.members.count,")"]}),e("ul",{class:"rows",children:o.organization.members.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.user.displayName})," ",e("span",{class:"muted",children:a.user.email}),a.disabled?" · disabled":"",e("span",{class:"muted",children:[" · joined ",Y(a.joinedAt)]})]}),e("span",{class:"actions",children:[e("label",{class:"visually-hidden",for:`role-${a.id}`,children:["Role of ",a.user.displayName]}),e("select",{id:`role-${a.id}`,value:a.role??"",disabled:r.busy,onChange:s=>{let l=s.target.value;r.run(async()=>(await h(Jt,{org:n,user:a.user.id,input:{role:fr(l)}}),t.reload()))},children:ve.map(([s,l])=>e("option",{value:s,children:l},s))}),e("button",{type:"button",disabled:r.busy,"aria-label":`Remove ${a.user.displayName}`,onClick:()=>r.run(async()=>(await h(_t,{org:n,user:a.user.id}),t.reload())),children:"Remove"})]})]},a.id))})]}),e("section",{"aria-labelledby":"invitations-h",children:[e("h2",{id:"invitations-h",children:["Pending invitations (",o.organization.invitations.count,")"]}),e("ul",{class:"rows","data-testid":"invitations",children:o.organization.invitations.items.map(a=>e("li",{children:[e("span",{children:[a.email," ",e("span",{class:"muted",children:["· ",a.role??"guest"," · invited ",Y(a.createdAt)]})]}),e("button",{type:"button",disabled:r.busy,"aria-label":`Revoke the invitation of ${a.email}`,onClick:()=>r.run(async()=>(await h(Ot,{org:n,invitation:a.id}),t.reload())),children:"Revoke"})]},a.id))}),e("h3",{children:"Invite"}),e(V,{form:i,submit:"Send invitations",label:"Invite by e-mail",children:[e(ce,{form:i,name:"emails",label:"E-mail addresses",hint:"One or more, separated by spaces, commas or lines (at most 100).",rows:3}),e(z,{form:i,name:"role",label:"Role",options:ve})]})]})]})})]})}function Sr({org:n}){let t=_(Nt,{org:n}),r=q({id:"new-saml",initial:{label:""},reset:!0,submit:async i=>(await h(Yn,{org:n,input:{label:i.label}}),await t.reload(),`Provider ${i.label} added: fill in its identity provider's settings below.`)});return e(f,{children:[e(ee,{org:n,current:"saml"}),e($,{q:t,children:i=>e(f,{children:[e("h1",{children:"SAML single sign-on"}),i.organization.samlProviders.items.map(o=>e($i,{org:n,p:o,teams:i.organization.teams.items,reload:t.reload},o.id)),e("h2",{children:"Add a provider"}),e(V,{form:r,submit:"Add provider",label:"New SAML provider",children:e(M,{form:r,name:"label",label:"Label",hint:"The name members see, 1 to 30 characters."})})]})})]})}function $i({org:n,p:t,teams:r,reload:i}){let o=W(),a=q({id:`saml-${t.id}`,initial:{label:t.label,ssoURL:t.ssoURL??"",entityID:t.entityID,certificate:t.certificate,defaultRole:t.defaultRole??"",defaultTeam:t.defaultTeam?.id??"",idpInitiated:t.idpInitiated},submit:async s=>(await h(Yt,{org:n,provider:t.id,input:{label:s.label,ssoURL:s.ssoURL||null,entityID:s.entityID,certificate:s.certificate,defaultRole:s.defaultRole?s.defaultRole:null,defaultTeam:s.defaultTeam||null,idpInitiated:s.idpInitiated}}),await i(),"Saved.")});return e("section",{class:"card","aria-labelledby":`saml-${t.id}-h`,children:[e("h2",{id:`saml-${t.id}-h`,children:[t.label," ",e("span",{class:"badge",children:t.status})]}),e("dl",{class:"pairs",children:[e("dt",{children:"ACS URL"}),e("dd",{children:e("code",{children:t.service.acsURL})}),e("dt",{children:"Entity id (metadata)"}),e("dd",{children:e("code",{children:t.service.entityID})}),e("dt",{children:"Sign-in starts at"}),e("dd",{children:e("code",{children:t.service.startURL})})]}),e(V,{form:a,submit:"Save provider",label:`Settings of ${t.label}`,children:[e(M,{form:a,name:"label",label:"Label"}),e(M,{form:a,name:"ssoURL",label:"Identity provider's sign-in URL",type:"url"}),e(M,{form:a,name:"entityID",label:"Identity provider's entity id"}),e(ce,{form:a,name:"certificate",label:"Signing certificate (PEM)",rows:4}),e(z,{form:a,name:"defaultRole",label:"Role of new members",options:ve}),e(z,{form:a,name:"defaultTeam",label:"Team of new members",options:[["","None"],...r.map(s=>[s.id,s.title])]}),e(Me,{form:a,name:"idpInitiated",label:"Accept sign-ins started at the identity provider"})]}),e(A,{error:o.error}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await h(ot,{org:n,provider:t.id}),i())),children:["Delete provider ",t.label]})]})}function kr({org:n}){let t=_(Kt,{org:n}),r=q({id:"new-team",initial:{title:""},reset:!0,submit:async i=>(await h(nt,{org:n,input:{title:i.title}}),await t.reload(),`Team ${i.title} created.`)});return e(f,{children:[e(ee,{org:n,current:"teams"}),e($,{q:t,children:i=>e(f,{children:[e("h1",{children:["Teams (",i.organization.teams.count,")"]}),i.organization.teams.items.map(o=>e(Ci,{org:n,team:o,members:i.organization.members.items,reload:t.reload},o.id)),e("h2",{children:"New team"}),e(V,{form:r,submit:"Create team",label:"New team",children:e(M,{form:r,name:"title",label:"Title"})})]})})]})}function Ci({org:n,team:t,members:r,reload:i}){let o=W(),a=new Set(t.teamMembers.items.map(u=>u.organization.user.id)),s=r.filter(u=>!a.has(u.user.id)),l=q({id:`add-${t.id}`,initial:{member:""},reset:!0,api:{member:"add"},submit:async u=>{await h(nr,{org:n,team:t.id,input:{add:[u.member]}}),await i()}});return e("section",{class:"card","aria-labelledby":`team-${t.id}`,children:[e("h2",{id:`team-${t.id}`,children:[t.title," ",e("span",{class:"muted",children:["(",t.members," members)"]})]}),e(A,{error:o.error}),e("ul",{class:"rows",children:t.teamMembers.items.map(u=>e("li",{children:[e("span",{children:[u.organization.user.displayName," ",e("span",{class:"muted",children:["· ",u.team.role]})]}),e("span",{class:"actions",children:[u.team.role!=="owner"&&e("button",{type:"button",disabled:o.busy,"aria-label":`Make ${u.organization.user.displayName} owner of ${t.title}`,onClick:()=>o.run(async()=>(await h(Ft,{org:n,team:t.id,user:u.organization.user.id,input:{role:"owner"}}),i())),children:"Make owner"}),e("button",{type:"button",disabled:o.busy,"aria-label":`Remove ${u.organization.user.displayName} from ${t.title}`,onClick:()=>o.run(async()=>(await h($t,{org:n,team:t.id,user:u.organization.user.id}),i())),children:"Remove"})]})]},u.organization.user.id))}),s.length>0&&e(V,{form:l,submit:"Add to team",label:`Add a member to ${t.title}`,children:e(z,{form:l,name:"member",label:"Member",options:[["","Choose a member"],...s.map(u=>[u.user.id,`${u.user.displayName} (${u.user.email})`])]})}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await h(ct,{org:n,team:t.id}),i())),children:["Delete team ",t.title]})]})}var Ii=n=>n.split(/[\s,]+/).map(t=>t.trim()).filter(Boolean);function wr({org:n}){let t=_(ir,{org:n}),[r,i]=b(null),o=q({id:"new-webhook",initial:{url:"",events:""},reset:!0,submit:async a=>{let s=Ii(a.events),l=await h(tt,{org:n,input:{url:a.url,events:s.length?s:null}});return i(l.createWebhook.secret??null),await t.reload(),"Webhook added."}});return e(f,{children:[e(ee,{org:n,current:"webhooks"}),e($,{q:t,children:a=>e(f,{children:[e("h1",{children:["Webhooks (",a.organization.webhooks.count,")"]}),r&&e("div",{class:"notice",role:"status",children:[e("p",{children:"The signing secret, shown this once: copy it now."}),e("p",{children:e("code",{class:"secret",children:r})}),e("button",{type:"button",onClick:()=>i(null),children:"Done"})]}),e("ul",{class:"rows",children:a.organization.webhooks.items.map(s=>e("li",{children:e("span",{children:[e("a",{href:B.webhook(n,s.id),children:s.url}),e("span",{class:"muted",children:[" ","· ",s.active?"on":"off"," · ",s.events.length?s.events.join(", "):"every event"]})]})},s.id))}),e("h2",{children:"Add a webhook"}),e(V,{form:o,submit:"Add webhook",label:"New webhook",children:[e(M,{form:o,name:"url",label:"URL",type:"url",hint:"An absolute http or https URL."}),e(M,{form:o,name:"events",label:"Events (optional)",hint:"Event types such as space.created or space.*, separated by commas; empty for every event."})]})]})})]})}function Rr({org:n,id:t}){let r=_(rr,{org:n,webhook:t}),i=W();return e(f,{children:[e(ee,{org:n,current:"webhooks"}),e($,{q:r,children:o=>{let a=o.organization.webhook;return e(f,{children:[e("h1",{children:"Webhook"}),e("p",{children:e("code",{children:a.url})}),e("p",{class:"muted",children:[a.active?"On":"Off",a.disabledReason?` (${a.disabledReason})`:""," · ",a.events.length?a.events.join(", "):"every event"," · added ",Y(a.createdAt)]}),e(A,{error:i.error}),e("p",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await h(tr,{org:n,webhook:t,input:{active:!a.active}}),r.reload())),children:a.active?"Turn off":"Turn on"}),e("button",{type:"button",disabled:i.busy,onClick:()=>r.reload(),children:"Refresh"}),e("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>{await h(mt,{org:n,webhook:t}),E(B.webhooks(n))}),children:"Delete"})]}),e("h2",{children:["Deliveries (",a.deliveries.count,")"]}),a.deliveries.items.length===0?e("p",{class:"muted",children:"No deliveries yet: they come with the organization's next events."}):e("div",{class:"table-wrap",children:e("table",{"data-testid":"deliveries",children:[e("thead",{children:e("tr",{children:[e("th",{scope:"col",children:"Event"}),e("th",{scope:"col",children:"Status"}),e("th",{scope:"col",children:"Answer"}),e("th",{scope:"col",children:"When"}),e("th",{scope:"col",children:e("span",{class:"visually-hidden",children:"Actions"})})]})}),e("tbody",{children:a.deliveries.items.map(s=>e("tr",{children:[e("td",{children:[s.eventType,s.redeliveryOf?e("span",{class:"muted",children:" (redelivery)"}):null]}),e("td",{children:[s.status," ",e("span",{class:"muted",children:["· ",s.attempts," attempts"]})]}),e("td",{children:s.responseCode!=null?`${s.responseCode}${s.durationMs!=null?` in ${s.durationMs} ms`:""}`:s.error??"—"}),e("td",{children:Y(s.deliveredAt??s.createdAt)}),e("td",{children:e("button",{type:"button",disabled:i.busy,"aria-label":`Redeliver ${s.eventType} of ${Y(s.createdAt)}`,onClick:()=>i.run(async()=>(await h(Rt,{org:n,webhook:t,delivery:s.id}),r.reload())),children:"Redeliver"})})]},s.id))})]})})]})}})]})}var ne=encodeURIComponent,B={sites:n=>`/app/o/${ne(n)}/sites`,site:(n,t)=>`/app/o/${ne(n)}/sites/${ne(t)}`,members:n=>`/app/o/${ne(n)}/admin/members`,teams:n=>`/app/o/${ne(n)}/admin/teams`,fields:n=>`/app/o/${ne(n)}/admin/custom-fields`,webhooks:n=>`/app/o/${ne(n)}/admin/webhooks`,webhook:(n,t)=>`/app/o/${ne(n)}/admin/webhooks/${ne(t)}`,saml:n=>`/app/o/${ne(n)}/admin/saml`,account:n=>`/app/o/${ne(n)}/account`};var Ai=[["members",B.members,"Members"],["teams",B.teams,"Teams"],["custom-fields",B.fields,"Custom fields"],["webhooks",B.webhooks,"Webhooks"],["saml",B.saml,"SAML"]];function ee({org:n,current:t}){return e("nav",{"aria-label":"Administration",class:"tabs",children:e("ul",{children:Ai.map(([r,i,o])=>e("li",{children:e("a",{href:i(n),"aria-current":r===t?"page":void 0,children:o})},r))})})}function _r({org:n,rest:t}){let r=t.split("/").map(i=>decodeURIComponent(i));switch(r[0]){case"sites":return r[1]?e(qe,{org:n,site:r[1]}):e(yr,{org:n});case"account":return e(hr,{});case"admin":switch(r[1]){case"members":case void 0:return e(vr,{org:n});case"teams":return e(kr,{org:n});case"custom-fields":return e(br,{org:n});case"webhooks":return r[2]?e(Rr,{org:n,id:r[2]}):e(wr,{org:n});case"saml":return e(Sr,{org:n})}}return e(f,{children:[e("h1",{children:"Not found"}),e("p",{children:"There is no such screen."})]})}function Y(n){if(!n)return"—";let t=new Date(n);return isNaN(t.getTime())?n:t.toLocaleString()}var ve=[["","Guest"],["read","Read"],["comment","Comment"],["review","Review"],["edit","Edit"],["create","Create"],["admin","Admin"]];var xr=xn({data:null,reload:async()=>{}});function $r(){return On(xr)}function Cr({org:n,parent:t,collections:r,spaces:i,current:o}){let a=r.filter(l=>(l.parent??null)===t),s=i.filter(l=>(l.parent??null)===t);return!a.length&&!s.length?null:e("ul",{class:"tree",children:[a.map(l=>e("li",{children:[e("a",{href:R.collection(n,l.id),class:"collection","aria-current":o===l.id?"page":void 0,children:[e("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),e(Cr,{org:n,parent:l.id,collections:r,spaces:i,current:o})]},l.id)),s.map(l=>e("li",{children:e("a",{href:R.space(n,l.id),"aria-current":o===l.id?"page":void 0,children:[l.emoji?e("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function Ir({org:n,current:t,children:r}){let i=_(zt,{org:n}),[o,a]=b(!1),[s,l]=b(!1);O(()=>{let m=g=>{let d=g.target,y=d&&(d.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(d.tagName));(g.key==="k"&&(g.ctrlKey||g.metaKey)||g.key==="/"&&!y&&!g.ctrlKey&&!g.metaKey&&!g.altKey)&&(g.preventDefault(),a(!0))};return document.addEventListener("keydown",m),()=>document.removeEventListener("keydown",m)},[]),O(()=>l(!1),[t,n]);let u=i.data,c=u?.organization,p=rn(n);return e(xr.Provider,{value:{data:u,reload:i.reload},children:[e("a",{class:"skip",href:"#main",children:"Skip to content"}),e("header",{class:"top",children:[e("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[e("span",{"aria-hidden":"true",children:"☰"}),e("span",{class:"visually-hidden",children:"Spaces"})]}),e("a",{class:"brand",href:R.org(n),children:"Folio"}),u&&e("select",{"aria-label":"Organization",value:n,onChange:m=>E(R.org(m.target.value)),children:u.organizations.items.map(m=>e("option",{value:m.id,children:m.title},m.id))}),e("button",{type:"button",class:"search-button",onClick:()=>a(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",e("kbd",{children:"/"})]}),e("span",{class:"spacer"}),u&&e("a",{class:"account",href:"/account",title:u.viewer.email??void 0,children:u.viewer.displayName})]}),e("div",{class:"frame",children:[e("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[i.error&&!u&&e("p",{class:"notice error",role:"alert",children:i.error.message}),p.length>0&&e("section",{"aria-labelledby":"recent-h",children:[e("h2",{id:"recent-h",children:"Recent"}),e("ul",{class:"tree",children:p.map(m=>e("li",{children:e("a",{href:R.space(n,m.id),children:[m.emoji?e("span",{"aria-hidden":"true",children:[m.emoji," "]}):null,m.title||"Untitled space"]})},m.id))})]}),c&&e("section",{"aria-labelledby":"tree-h",children:[e("h2",{id:"tree-h",children:c.title}),e(Cr,{org:n,parent:null,collections:c.collections.items,spaces:c.spaces.items,current:t}),!c.collections.items.length&&!c.spaces.items.length&&e("p",{class:"muted",children:"No spaces yet."})]}),e("section",{"aria-labelledby":"manage-h",children:[e("h2",{id:"manage-h",children:"Manage"}),e("ul",{class:"tree",children:[e("li",{children:e("a",{href:B.sites(n),children:"Sites"})}),e("li",{children:e("a",{href:B.members(n),children:"Administration"})}),e("li",{children:e("a",{href:B.account(n),children:"Your tokens and invitations"})})]})]})]}),e("main",{id:"main",tabIndex:-1,children:r})]}),o&&e(ur,{org:n,onClose:()=>a(!1)})]})}function me({pages:n,href:t,current:r,label:i}){return e("nav",{class:"pages","aria-label":i,children:e(Ar,{pages:n,href:t,current:r})})}function Ar({pages:n,href:t,current:r}){return n.length?e("ul",{children:n.map(i=>e("li",{children:[i.type==="group"?e("span",{class:"group",children:i.title}):e("a",{href:t(i.id),"aria-current":r===i.id?"page":void 0,children:[i.emoji?e("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled"]}),i.pages&&e(Ar,{pages:i.pages,href:t,current:r})]},i.id))}):null}function sn(n){for(let t of n){if(t.type==="document")return t;let r=t.pages&&sn(t.pages);if(r)return r}}function Pr({org:n,space:t,number:r,page:i}){let o=_(Bn,{space:t,number:r});return e($,{q:o,children:a=>{let s=a.space?.changeRequest;return!a.space||!s?e("h1",{children:"No such change request"}):e("div",{class:"reader",children:[e(me,{label:"Pages in this change request",pages:s.content.pages,href:l=>R.changeRequest(n,t,s.number,l),current:i}),e("article",{children:[e("p",{class:"crumb",children:[e("a",{href:R.space(n,t),children:a.space.title})," · change request #",s.number]}),e("h1",{children:s.subject||"Untitled change request"}),e("p",{children:[e("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),e("p",{children:e("a",{class:"review-link",href:R.review(n,t,s.number),children:"Review the changes, discuss and merge"})}),(s.status==="open"||s.status==="draft")&&e("p",{children:e("a",{class:"button primary",href:R.edit(n,t,s.number,i),children:"Edit pages"})})]})]})}})}function Dr({org:n,id:t}){let r=_(Gn,{id:t});return e($,{q:r,children:i=>i.collection?e(f,{children:[e("h1",{children:i.collection.title}),i.collection.description&&e("p",{class:"lead",children:i.collection.description}),e("ul",{class:"cards",children:[i.collection.collections.items.map(o=>e("li",{children:e("a",{href:R.collection(n,o.id),children:o.title})},o.id)),i.collection.spaces.items.map(o=>e("li",{children:e("a",{href:R.space(n,o.id),children:[o.emoji?e("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]})},o.id))]})]}):e("h1",{children:"No such collection"})})}var ln=(n,t,r)=>`folio.draft.${n}.${t}.${r}`;function Tr(n,t,r){try{let i=JSON.parse(localStorage.getItem(ln(n,t,r))??"null");return i&&typeof i.markdown=="string"&&typeof i.title=="string"?i:null}catch{return null}}function Lr(n,t,r,i){try{localStorage.setItem(ln(n,t,r),JSON.stringify(i))}catch{}}function ge(n,t,r){try{localStorage.removeItem(ln(n,t,r))}catch{}}function ye({id:n,error:t,field:r}){let i=t?.forField(r);return e("span",{id:n,class:"field-error",role:i?"alert":void 0,children:i??""})}function Mr(n,t=null,r=0,i=[]){return n.forEach((o,a)=>{i.push({id:o.id,title:o.title,type:o.type,parent:t,index:a,depth:r,siblings:n.length}),o.pages&&Mr(o.pages,o.id,r+1,i)}),i}function Ve(n){return n instanceof L?n:new L([{message:String(n)}])}function qr({org:n,space:t,number:r,page:i}){let o=_(yt,{space:t,number:r,page:i??"",withPage:!!i}),[a,s]=b(null),[l,u]=b(null),[c,p]=b(!1),m=o.data?.space?.changeRequest;O(()=>{m&&s(m.revision)},[m?.revision]);let g=Te(()=>m?Mr(m.content.pages):[],[m]),d=async v=>{let C=await h(gt,{space:t,cr:r,input:{changes:v,baseRevision:a}});return s(C.updateChangeRequestContent.changeRequest.revision),C.updateChangeRequestContent},y=async(v,C)=>{p(!0);try{let w=await d(v);u(null),C?.(w),await o.reload()}catch(w){u(Ve(w))}finally{p(!1)}},x=v=>y([{operation:"insert_page",ref:"new",title:"Untitled",into:v,document:{markdown:""}}],C=>{let w=C.changes.find(j=>j.ref==="new")?.page;w?.id&&E(R.edit(n,t,r,w.id))}),S=(v,C,w)=>y([{operation:"update_page",page:v,into:C,at:w}]),I=v=>{confirm(`Delete “${v.title}” and its subpages from this change request?`)&&y([{operation:"delete_page",page:v.id}],()=>{ge(t,r,v.id),i===v.id&&E(R.edit(n,t,r),!0)})};return e($,{q:o,children:v=>{let C=v.space,w=C?.changeRequest;if(!C||!w)return e("h1",{children:"No such change request"});let j=g.find(X=>X.id===i);return e("div",{class:"editor-screen",children:[e("p",{class:"crumb",children:[e("a",{href:R.space(n,t),children:C.title})," · ",e("a",{href:R.changeRequest(n,t,w.number),children:["change request #",w.number]})]}),e("h1",{children:["Editing: ",w.subject||"Untitled change request"]}),!C.permissions.edit&&e("p",{class:"notice error",children:"You may read this change request but not edit it."}),e("div",{class:"editor-layout",children:[e("section",{class:"edit-tree","aria-labelledby":"edit-tree-h",children:[e("h2",{id:"edit-tree-h",children:"Pages"}),e(Pi,{pages:w.content.pages,flat:g,current:i,href:X=>R.edit(n,t,r,X),onMove:S}),e("button",{type:"button",onClick:()=>x(null),disabled:c||!C.permissions.edit,children:"Add page"}),e(A,{error:l})]}),i&&w.content.page&&j?e(Di,{space:t,number:r,cr:w,page:w.content.page,flat:g,here:j,base:a??w.revision,edit:d,reload:o.reload,busy:c,onMove:S,onAddChild:()=>x(i),onDelete:()=>I(j),linkTo:X=>`/pages/${X}`},i):e("p",{class:"muted",children:g.length?"Choose a page to edit, or add one.":"No pages yet: add the first one."})]})]})}})}function Pi({pages:n,flat:t,current:r,href:i,onMove:o}){let[a,s]=b(null),l=u=>e("ul",{children:u.map(c=>{let p=t.find(m=>m.id===c.id);return e("li",{draggable:!0,onDragStart:m=>{m.stopPropagation(),s(c.id),m.dataTransfer?.setData("text/plain",c.id)},onDragOver:m=>{a&&a!==c.id&&m.preventDefault()},onDrop:m=>{m.preventDefault(),m.stopPropagation();let g=a??m.dataTransfer?.getData("text/plain");s(null),g&&g!==c.id&&o(g,p.parent,p.index)},class:a===c.id?"dragging":void 0,children:[e("a",{href:i(c.id),"aria-current":r===c.id?"page":void 0,children:c.title||"Untitled"}),c.pages&&c.pages.length>0&&l(c.pages)]},c.id)})});return e("nav",{"aria-label":"Pages of this change request",class:"pages",children:l(n)})}function Di(n){let{space:t,number:r,page:i,flat:o,here:a}=n,s={title:i.title,markdown:i.markdown??""},l=Tr(t,r,i.id),[u,c]=b(l?.title??s.title),[p,m]=b(l?.markdown??s.markdown),[g,d]=b(s),[y,x]=b(!!l&&(l.title!==s.title||l.markdown!==s.markdown)),[S,I]=b(null),[v,C]=b(null),[w,j]=b(""),[X,se]=b(!1),[re,ke]=b(""),[Z,te]=b(null),[J,G]=b(!1),Ee=H(null),le=H(null),Ne=H({title:u,text:p});Ne.current={title:u,text:p};let Xr=H(n.base);Xr.current=n.base;let Ue=u!==g.title||p!==g.markdown;O(()=>{Ue?Lr(t,r,i.id,{title:u,markdown:p,base:n.base}):ge(t,r,i.id)},[u,p,g]),O(()=>{let k=new AbortController,F=setTimeout(async()=>{try{let Q=await h(Ct,{markdown:p,space:t},k.signal);ke(Q.renderMarkdown),te(null)}catch(Q){k.signal.aborted||te(Ve(Q).message)}},250);return()=>{clearTimeout(F),k.abort()}},[p]);let un=async k=>{j(`Uploading ${k.map(F=>F.name).join(", ")}…`);try{let F=await Promise.all(k.map(async K=>({name:K.name,contentType:K.type||"application/octet-stream",base64:await Mi(K)}))),Q=await n.edit([{operation:"insert_files",files:F}]),we=Q.insertedFiles.map(K=>K.contentType.startsWith("image/")?`![${K.name}](/files/${K.id})`:`[${K.name}](/files/${K.id})`).join(`
`);le.current?.insert(we),j(`Uploaded ${Q.insertedFiles.length} file(s) to the space's files.`),I(null)}catch(F){I(Ve(F)),j("")}},Fe=async(k=!1)=>{let{title:F,text:Q}=Ne.current,we=[],K={operation:"update_page",page:i.id};if(F!==g.title&&(K.title=F),Q!==g.markdown&&(K.document={markdown:Q}),K.title===void 0&&K.document===void 0){j("Nothing to save.");return}we.push(K),se(!0);try{await n.edit(we),d({title:F,markdown:Q}),ge(t,r,i.id),x(!1),C(null),I(null),j(k?"Saved over the other changes.":"Saved."),n.reload()}catch(ti){let pn=Ve(ti),We=pn.code("PRECONDITION");We?(C({pages:We.extensions?.changedPages??[],revision:String(We.extensions?.revision??""),mine:Q}),I(null)):I(pn),j("")}finally{se(!1)}};O(()=>{let k=!1;return import("./chunk-7GQ4SLHR.js").then(({createEditor:F})=>{k||!Ee.current||(le.current=F(Ee.current,Ne.current.text,{label:"Page content, markdown",onChange:m,onFiles:un,onSave:()=>Fe()}))}),()=>{k=!0,le.current?.destroy(),le.current=null}},[i.id]);let ze=H(!1),Zr=async()=>{ge(t,r,i.id),ze.current=!0,await n.reload()};O(()=>{if(!ze.current)return;ze.current=!1;let k=i.markdown??"";c(i.title),m(k),d({title:i.title,markdown:k}),le.current?.set(k),j("Reloaded: this is the change request's version now.")},[i.markdown,i.title]);let ei=o.filter(k=>k.parent===a.parent),ni=o.filter(k=>k.id!==a.id&&k.type==="document"&&!Ti(o,k.id,a.id));return e("section",{class:"page-editor","aria-labelledby":"page-editor-h",children:[e("h2",{id:"page-editor-h",class:"visually-hidden",children:["Edit ",u||"page"]}),y&&e("div",{class:"notice",role:"status",children:["Unsaved changes from your last visit were restored."," ",e("button",{type:"button",onClick:()=>{c(s.title),m(s.markdown),le.current?.set(s.markdown),ge(t,r,i.id),x(!1)},children:"Discard them"})]}),v&&e("div",{class:"notice error",role:"alert",children:[e("p",{children:["Someone else changed this change request since you opened it:"," ",v.pages.length?v.pages.map(k=>`${k.title||k.id} (${k.change})`).join(", "):"its content",". Your text was not saved and is still here."]}),v.pages.some(k=>k.id===i.id)?e("p",{children:"This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs."}):e("p",{children:"This page is not among them: save again to add your change on top of theirs."}),e("p",{class:"actions",children:[e("button",{type:"button",onClick:Zr,children:"Reload this page"}),e("button",{type:"button",onClick:()=>Fe(!0),children:v.pages.some(k=>k.id===i.id)?"Save mine over theirs":"Save again"})]}),e("details",{children:[e("summary",{children:"Your text"}),e("pre",{class:"markdown",children:v.mine})]})]}),e("div",{class:"field",children:[e("label",{for:"page-title",children:"Title"}),e("input",{id:"page-title",value:u,maxLength:256,"aria-invalid":!!S?.forField("title"),"aria-describedby":"page-title-error",onInput:k=>c(k.target.value)}),e(ye,{id:"page-title-error",error:S,field:"title"})]}),e("div",{class:"toolbar",role:"toolbar","aria-label":"Page",children:[e("button",{type:"button",class:"primary save",onClick:()=>Fe(),disabled:X||!Ue,"aria-keyshortcuts":"Control+S",children:X?"Saving…":"Save"}),e("span",{class:"status",role:"status",children:Ue?"Unsaved changes":w}),e("button",{type:"button",onClick:()=>G(!J),"aria-expanded":J,children:"Link to a page"}),e("label",{class:"file-button",children:["Add files",e("input",{type:"file",multiple:!0,class:"visually-hidden",onChange:k=>{let F=k.target,Q=Array.from(F.files??[]);F.value="",Q.length&&un(Q)}})]}),e("button",{type:"button",onClick:n.onAddChild,disabled:n.busy,children:"Add subpage"}),e("button",{type:"button",class:"danger",onClick:n.onDelete,disabled:n.busy,children:"Delete page"})]}),J&&e(Li,{flat:o.filter(k=>k.id!==i.id&&k.type==="document"),onPick:k=>{le.current?.insert(`[${k.title}](${n.linkTo(k.id)})`),G(!1)}}),e("fieldset",{class:"move",children:[e("legend",{children:"Move"}),e("button",{type:"button",disabled:n.busy||a.index===0,onClick:()=>n.onMove(i.id,a.parent,a.index-1),children:"Up"}),e("button",{type:"button",disabled:n.busy||a.index>=ei.length-1,onClick:()=>n.onMove(i.id,a.parent,a.index+1),children:"Down"}),e("label",{for:"move-into",children:"Inside"}),e("select",{id:"move-into",value:a.parent??"",disabled:n.busy,onChange:k=>{let F=k.target.value;n.onMove(i.id,F||null,1e5)},children:[e("option",{value:"",children:"(top level)"}),ni.map(k=>e("option",{value:k.id,children:[" ".repeat(k.depth*2),k.title]},k.id))]})]}),S&&!S.forField("title")&&e(A,{error:S}),e("div",{class:"split",children:[e("div",{class:"source",ref:Ee}),e("section",{class:"preview","aria-labelledby":"preview-h",children:[e("h3",{id:"preview-h",children:"Preview"}),Z?e("p",{class:"notice error",children:Z}):e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:re}})]})]})]})}function Ti(n,t,r){for(let i=n.find(o=>o.id===t);i;i=i.parent?n.find(o=>o.id===i.parent):void 0)if(i.id===r)return!0;return!1}function Li({flat:n,onPick:t}){let[r,i]=b(""),o=n.filter(a=>a.title.toLowerCase().includes(r.trim().toLowerCase())).slice(0,8);return e("div",{class:"linker",children:[e("label",{for:"link-search",children:"Page title"}),e("input",{id:"link-search",type:"search",autoFocus:!0,value:r,onInput:a=>i(a.target.value),onKeyDown:a=>{a.key==="Enter"&&o[0]&&(a.preventDefault(),t(o[0]))}}),e("ul",{children:[o.map(a=>e("li",{children:e("button",{type:"button",onClick:()=>t(a),children:a.title})},a.id)),!o.length&&e("li",{class:"muted",children:"No page has that title."})]})]})}function Mi(n){return new Promise((t,r)=>{let i=new FileReader;i.onload=()=>t(String(i.result).replace(/^data:[^,]*,/,"")),i.onerror=()=>r(new Error(`${n.name} could not be read`)),i.readAsDataURL(n)})}function Vr({org:n}){let t=_(St,{org:n});return e($,{q:t,children:r=>r.organization?e(f,{children:[e("h1",{children:r.organization.title}),r.organization.permissions.createContent&&e(qi,{org:n}),e("section",{"aria-labelledby":"spaces-h",children:[e("h2",{id:"spaces-h",children:["Spaces (",r.organization.spaces.count,")"]}),e("ul",{class:"cards",children:r.organization.spaces.items.map(i=>e("li",{children:[e("a",{href:R.space(n,i.id),children:[i.emoji?e("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]}),i.changeRequestsOpen>0&&e("span",{class:"muted",children:[" · ",i.changeRequestsOpen," open change requests"]})]},i.id))})]}),r.organization.changeRequests.items.length>0&&e("section",{"aria-labelledby":"cr-h",children:[e("h2",{id:"cr-h",children:"Open change requests"}),e("ul",{children:r.organization.changeRequests.items.map(i=>e("li",{children:[e("a",{href:ie(i.urls.app),children:["#",i.number," ",i.subject||"Untitled change request"]})," ",e("span",{class:"muted",children:i.status})]},i.id))})]})]}):e("h1",{children:"No such organization"})})}function qi({org:n}){let t=$r(),[r,i]=b(""),[o,a]=b(null),[s,l]=b(!1);return e("form",{class:"inline-form",onSubmit:async u=>{u.preventDefault(),l(!0);try{let c=await h(et,{org:n,input:{title:r.trim()}});a(null),await t.reload(),E(ie(c.createSpace.urls.app))}catch(c){a(c instanceof L?c:new L([{message:String(c)}]))}finally{l(!1)}},children:[e("label",{for:"new-space-title",children:"New space"}),e("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!o?.forField("title"),"aria-describedby":"new-space-title-error",onInput:u=>i(u.target.value)}),e("button",{type:"submit",disabled:s,children:"Create space"}),e(ye,{id:"new-space-title-error",error:o,field:"title"}),o&&!o.forField("title")&&e(A,{error:o})]})}function Or({org:n,slug:t}){let r=_(vt,{org:n,slug:t});return e($,{q:r,children:i=>{let o=i.organization?.openAPISpec;return o?e(f,{children:[e("h1",{children:["OpenAPI: ",o.slug]}),e("dl",{children:[e("dt",{children:"State"}),e("dd",{children:o.processingState}),e("dt",{children:"Updated"}),e("dd",{children:new Date(o.updatedAt).toLocaleString()}),o.sourceURL&&e(f,{children:[e("dt",{children:"Source"}),e("dd",{children:o.sourceURL})]}),e("dt",{children:"Errors"}),e("dd",{children:o.lastProcessedErrorCount})]})]}):e("h1",{children:"No such OpenAPI specification"})}})}function dn(n,t,r,i){let o=JSON.stringify(t),a=H({onResult:r,onReconnect:i});a.current={onResult:r,onReconnect:i},O(()=>{let s=null,l,u=!1,c=0,p=()=>{let m="/graphql?"+new URLSearchParams({query:n.document,operationName:n.name,variables:o}).toString();s=new EventSource(m,{withCredentials:!0}),c++>0&&a.current.onReconnect?.(),s.addEventListener("next",d=>{try{let y=JSON.parse(d.data);y.data&&a.current.onResult(y.data)}catch{}});let g=()=>{s?.close(),u||(l=window.setTimeout(p,2e3))};s.addEventListener("complete",g),s.onerror=g};return p(),()=>{u=!0,window.clearTimeout(l),s?.close()}},[n,o])}function Oe({title:n,diff:t}){if(t.hunks.length===0)return null;let r=t;return e("div",{class:"diff-scroll",tabIndex:0,role:"region","aria-label":`Line diff of ${n}`,children:e("table",{class:"diff",children:[e("caption",{class:"visually-hidden",children:["Line diff of ",n,": old line, new line, text"]}),e("thead",{class:"visually-hidden",children:e("tr",{children:[e("th",{scope:"col",children:"Old line"}),e("th",{scope:"col",children:"New line"}),e("th",{scope:"col",children:"Text"})]})}),r.hunks.map((i,o)=>e("tbody",{children:[e("tr",{class:"hunk",children:e("td",{colSpan:3,children:["@@ −",i.oldStart,",",i.oldLines," +",i.newStart,",",i.newLines," @@"]})}),i.lines.map((a,s)=>e("tr",{class:"line "+a.kind,children:[e("td",{class:"num",children:a.oldNumber??""}),e("td",{class:"num",children:a.newNumber??""}),e("td",{class:"text",children:[e("span",{class:"sign","aria-label":a.kind==="context"?void 0:a.kind,children:a.kind==="added"?"+":a.kind==="removed"?"−":" "}),a.text]})]},s))]},o))]})})}var Vi=["👍","🎉","❤️"];function Se(n){return n instanceof L?n:new L([{message:String(n)}])}function Er({org:n,space:t,number:r}){let i=_(Mt,{space:t,number:r}),[o,a]=b(""),s=H({running:!1,again:!1}),l=async u=>{a(u);let c=s.current;if(c.running){c.again=!0;return}c.running=!0;try{do c.again=!1,await i.reload();while(c.again)}finally{c.running=!1}};return dn(It,{space:t,number:r},()=>l("The change request changed: updated."),()=>l("")),dn(At,{space:t,number:r},u=>l(u.commentsChanged.kind.startsWith("reply")?"A reply changed: updated.":"A comment changed: updated.")),e("div",{class:"review",children:e($,{q:i,children:u=>{let c=u.space?.changeRequest;if(!u.space||!c)return e("h1",{children:"No such change request"});let p={space:t,number:r,viewer:u.viewer.id,canComment:u.space.permissions.comment,reload:i.reload},m=c.commentList.items.filter(y=>!y.target.page),g=y=>c.commentList.items.filter(x=>x.target.page?.id===y),d=c.status==="draft"||c.status==="open";return e(f,{children:[e("p",{class:"crumb",children:[e("a",{href:R.space(n,t),children:u.space.title})," · ",e("a",{href:R.changeRequest(n,t,c.number),children:["change request #",c.number]})]}),e("h1",{children:["Review: ",c.subject||"Untitled change request"]}),e("p",{children:[e("span",{class:"badge "+c.status,children:c.status})," by ",c.createdBy.displayName,", updated"," ",e("time",{dateTime:c.updatedAt,children:new Date(c.updatedAt).toLocaleString()}),c.outdated&&d&&" · the space has moved on since it started"]}),e("p",{class:"live-status muted",role:"status","aria-live":"polite",children:o}),e(A,{error:i.error,onRetry:i.reload}),d&&u.space.permissions.merge&&e(Ni,{ctx:p},c.revision),e("section",{"aria-labelledby":"review-changes",children:[e("h2",{id:"review-changes",children:["Changes ",e("span",{class:"muted",children:["(",c.pageChanges.length===1?"1 page":`${c.pageChanges.length} pages`,")"]})]}),c.pageChanges.length===0&&e("p",{class:"muted",children:"This change request changes no page yet."}),c.pageChanges.map(y=>e(Oi,{change:y,threads:g(y.id),ctx:p},y.id))]}),e("section",{"aria-labelledby":"review-discussion",children:[e("h2",{id:"review-discussion",children:"Discussion"}),m.length===0&&e("p",{class:"muted",children:"No comments yet."}),e("ol",{class:"threads",children:m.map(y=>e(Fr,{thread:y,ctx:p},y.id))}),p.canComment&&e(Ur,{ctx:p,label:"Comment on the change request",id:"comment-cr"})]})]})}})})}var Nr={added:"added",changed:"changed",moved:"moved",removed:"removed"};function Oi({change:n,threads:t,ctx:r}){let i=n.diff,o="change-"+n.id;return e("article",{class:"page-change","aria-labelledby":o,children:[e("h3",{id:o,children:[e("span",{class:"badge kind-"+n.kind,children:Nr[n.kind]})," ",n.title," ",e("span",{class:"muted path",children:["/",n.path,n.previousPath!=null&&` (was /${n.previousPath})`]})]}),e("p",{class:"muted",children:[i.added," ",i.added===1?"line":"lines"," added, ",i.removed," removed"]}),e(Oe,{title:n.title,diff:i}),i.truncated&&e("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."}),t.length>0&&e("ol",{class:"threads",children:t.map(a=>e(Fr,{thread:a,ctx:r},a.id))}),r.canComment&&n.kind!=="removed"&&e(Ur,{ctx:r,page:n.id,label:`Comment on ${n.title}`,id:"comment-"+n.id})]})}function Ur({ctx:n,page:t,label:r,id:i}){let[o,a]=b(""),[s,l]=b(!1),[u,c]=b(null);return e("form",{class:"comment-form",onSubmit:async m=>{m.preventDefault(),l(!0);try{await h(Tt,{space:n.space,number:n.number,page:t??null,markdown:o}),a(""),c(null),await n.reload()}catch(g){c(Se(g))}finally{l(!1)}},children:[e("label",{for:i,children:r}),e("textarea",{id:i,rows:3,value:o,onInput:m=>a(m.target.value),"aria-describedby":i+"-error",required:!0}),e(ye,{id:i+"-error",error:u,field:"markdown"}),u&&!u.forField("markdown")&&e(A,{error:u}),e("button",{type:"submit",class:"primary",disabled:s||!o.trim(),children:t?"Comment on page":"Comment"})]})}function Fr({thread:n,ctx:t}){let[r,i]=b(null),[o,a]=b(""),[s,l]=b(!1),u=async m=>{l(!0);try{await m(),i(null),await t.reload()}catch(g){i(Se(g))}finally{l(!1)}},c=n.status==="resolved",p="reply-"+n.id;return e("li",{class:"thread "+n.status,"aria-label":`Comment by ${n.postedBy.displayName}`,children:[e(zr,{who:n.postedBy.displayName,at:n.postedAt,markdown:n.body.markdown??""}),c&&e("p",{class:"muted",children:"Resolved"}),e("div",{class:"actions",children:[e(Wr,{reactions:n.reactions,ctx:t,busy:s,onToggle:(m,g)=>u(()=>h(tn,{space:t.space,number:t.number,comment:n.id,input:g?{removedReactions:[m]}:{addedReactions:[m]}}))}),t.canComment&&e("button",{type:"button",disabled:s,onClick:()=>u(()=>h(tn,{space:t.space,number:t.number,comment:n.id,input:{resolved:!c}})),children:c?"Reopen":"Resolve"})]}),e(A,{error:r}),n.replyList.items.length>0&&e("ol",{class:"replies",children:n.replyList.items.map(m=>e(Ei,{reply:m,thread:n.id,ctx:t},m.id))}),n.permissions.reply&&e("form",{class:"reply-form",onSubmit:m=>{m.preventDefault(),u(async()=>{await h(Lt,{space:t.space,number:t.number,comment:n.id,markdown:o}),a("")})},children:[e("label",{for:p,children:["Reply to ",n.postedBy.displayName]}),e("textarea",{id:p,rows:2,value:o,onInput:m=>a(m.target.value),required:!0}),e("button",{type:"submit",disabled:s||!o.trim(),children:"Reply"})]})]})}function Ei({reply:n,thread:t,ctx:r}){let[i,o]=b(null),[a,s]=b(!1);return e("li",{class:"reply",children:[e(zr,{who:n.postedBy.displayName,at:n.postedAt,markdown:n.body.markdown??""}),e(Wr,{reactions:n.reactions,ctx:r,busy:a,onToggle:async(l,u)=>{s(!0);try{await h(qt,{space:r.space,number:r.number,comment:t,reply:n.id,input:u?{removedReactions:[l]}:{addedReactions:[l]}}),o(null),await r.reload()}catch(c){o(Se(c))}finally{s(!1)}}}),e(A,{error:i})]})}function zr({who:n,at:t,markdown:r}){return e(f,{children:[e("p",{class:"byline",children:[e("strong",{children:n})," ",e("time",{dateTime:t,children:new Date(t).toLocaleString()})]}),e("p",{class:"body",children:r})]})}function Wr({reactions:n,ctx:t,busy:r,onToggle:i}){if(!t.canComment&&n.length===0)return null;let o=[...n.map(a=>a.emoji),...Vi.filter(a=>!n.some(s=>s.emoji===a))];return e("span",{class:"reactions",children:o.map(a=>{let s=n.find(c=>c.emoji===a),l=!!s?.users.some(c=>c.user.id===t.viewer),u=s?.count??0;return e("button",{type:"button",class:"reaction"+(l?" mine":""),"aria-pressed":l,"aria-label":`${a} ${u} ${l?"(yours: remove)":"(add)"}`,disabled:r||!t.canComment,onClick:()=>i(a,l),children:[a," ",u>0?u:""]},a)})})}function Ni({ctx:n}){let[t,r]=b(null),[i,o]=b(null),[a,s]=b(!1),[l,u]=b(""),c=async()=>{s(!0);try{let m=await h(Dt,{space:n.space,number:n.number});r(m.previewMerge),o(null)}catch(m){o(Se(m))}finally{s(!1)}},p=async()=>{if(t){s(!0);try{let m=await h(Pt,{space:n.space,number:n.number,base:t.changeRequestRevision});u(m.mergeChangeRequest.revision),o(null),await n.reload()}catch(m){let g=Se(m);o(g),(g.code("PRECONDITION")||g.code("CONFLICT"))&&r(null)}finally{s(!1)}}};return e("section",{class:"merge-panel","aria-labelledby":"review-merge",children:[e("h2",{id:"review-merge",children:"Merge"}),l&&e("p",{role:"status",children:["Merged: the space is now at revision ",l,"."]}),!t&&!l&&e("button",{type:"button",class:"primary preview-merge",disabled:a,onClick:c,children:"Preview the merge"}),e(A,{error:i}),i?.code("PRECONDITION")&&e("p",{children:"The change request was edited after the preview: preview the merge again to see what it would do now."}),t&&!l&&e("div",{class:"merge-preview",children:[e("p",{children:[t.fastForward?"The space has not moved since this change request started: ":"The space has moved on: a three-way merge, ",t.changes.length===0?"the merge changes no page.":`the merge would change ${t.changes.length===1?"1 page":`${t.changes.length} pages`}:`]}),t.changes.length>0&&e("ul",{class:"merge-changes",children:t.changes.map(m=>e("li",{children:[e("span",{class:"badge kind-"+m.kind,children:Nr[m.kind]})," ",m.title," ",e("span",{class:"muted",children:["/",m.path]}),m.previousPath!=null&&e("span",{class:"muted",children:[" (was /",m.previousPath,")"]})]},m.id))}),t.conflicts.length>0&&e("div",{class:"notice error conflicts",role:"alert",children:[e("p",{children:[e("strong",{children:t.conflicts.length===1?"1 conflict":`${t.conflicts.length} conflicts`}),": the merge cannot go ahead."]}),e("ul",{children:t.conflicts.map(m=>e("li",{children:[e("strong",{children:m.title}),m.path!=null&&e("span",{children:[" (/",m.path,")"]}),": ",m.message]},m.id))})]}),t.problem&&e("div",{class:"notice error",role:"alert",children:e("p",{children:t.problem})}),e("p",{class:"merge-buttons",children:[e("button",{type:"button",class:"primary do-merge",disabled:a||!t.mergeable,onClick:p,children:"Merge into the space"})," ",e("button",{type:"button",disabled:a,onClick:c,children:"Preview again"})]})]})]})}function jr({org:n,space:t,revision:r,page:i}){let o=_(Vt,{space:t,revision:r,page:i??"",withPage:!!i});return e($,{q:o,children:a=>{let s=a.space?.revisionById;return!a.space||!s?e("h1",{children:"No such revision"}):e("div",{class:"reader",children:[e(me,{label:"Pages in this revision",pages:s.pages,href:l=>R.revision(n,t,s.id,l),current:i}),e("article",{children:[e("p",{class:"crumb",children:[e("a",{href:R.space(n,t),children:a.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?e(f,{children:[e("h1",{children:s.page.title}),e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:s.page.html??""}})]}):e("h1",{children:["Revision ",s.id]})]})]})}})}var Hr={added:"added",changed:"changed",moved:"moved",removed:"removed"};function Br(n){return n.mergedFrom?`Merged #${n.mergedFrom.number}${n.mergedFrom.subject?": "+n.mergedFrom.subject:""}`:n.type==="merge"?"Merge":"Edits"}function Ui(n){if(n.length===0)return"no page changed";let t=new Map;for(let r of n)t.set(r.kind,(t.get(r.kind)??0)+1);return[...t].map(([r,i])=>`${i} ${Hr[r]??r}`).join(", ")}function Gr({org:n,space:t,revision:r}){let[i,o]=b([]),a=i.length>0?i[i.length-1]:null,s=_(ht,{space:t,after:a,revision:r??"",withRevision:!!r});return e($,{q:s,children:l=>{let u=l.space;if(!u)return e("h1",{children:"No such space"});let c=u.history;return e("div",{class:"history",children:[e("nav",{class:"history-list","aria-label":"Revisions",children:[e("p",{class:"crumb",children:e("a",{href:R.space(n,u.id),children:u.title||"Untitled space"})}),e("h1",{children:"History"}),e("ol",{children:c.items.map(p=>e("li",{children:e("a",{href:R.history(n,u.id,p.id),"aria-current":p.id===r?"page":void 0,children:[e("span",{class:"what",children:Br(p)}),e("span",{class:"muted",children:[new Date(p.createdAt).toLocaleString(),p.author?` · ${p.author.displayName}`:""," · ",Ui(p.changes)]})]})},p.id))}),c.items.length===0&&e("p",{class:"muted",children:"No revisions."}),e("div",{class:"history-pager",children:[i.length>0&&e("button",{type:"button",onClick:()=>o(i.slice(0,-1)),children:"Newer"}),c.next&&e("button",{type:"button",onClick:()=>o([...i,c.next]),children:"Older"})]})]}),e("section",{class:"history-detail","aria-label":"Changes of the revision",children:u.revisionById?e(Fi,{org:n,space:u.id,r:u.revisionById}):e("p",{class:"muted",children:"Choose a revision to see its changes."})})]})}})}function Fi({org:n,space:t,r}){return e(f,{children:[e("h2",{children:Br(r)}),e("p",{class:"muted",children:[new Date(r.createdAt).toLocaleString(),r.author?` · by ${r.author.displayName}`:""," · ",e("a",{href:R.revision(n,t,r.id),children:"Read this revision"})]}),r.changes.length===0&&e("p",{children:"This revision changed no page."}),r.changes.map(i=>{let o="change-"+i.id;return e("article",{class:"page-change","aria-labelledby":o,children:[e("h3",{id:o,children:[e("span",{class:"badge kind-"+i.kind,children:Hr[i.kind]})," ",i.title," ",e("span",{class:"muted path",children:["/",i.path,i.previousPath!=null&&` (was /${i.previousPath})`]})]}),e("p",{class:"muted",children:[i.diff.added," ",i.diff.added===1?"line":"lines"," added, ",i.diff.removed," removed"]}),e(Oe,{title:i.title,diff:i.diff}),i.diff.truncated&&e("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."})]},i.id)})]})}function Kr({org:n,site:t,preview:r}){let i=_(jt,{org:n,site:t});return e($,{q:i,children:o=>{let a=o.organization?.site;return a?e(f,{children:[e("h1",{children:[a.title,r?" (preview)":""]}),e("p",{children:[a.published?"Published":"Not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]}),e("ul",{children:[a.urls.published&&e("li",{children:e("a",{href:a.urls.published,children:"Open the published site"})}),e("li",{children:e("a",{href:a.urls.preview,children:"Preview"})})]})]}):e("h1",{children:"No such site"})}})}function Qr({org:n,space:t,page:r}){let i=_(Bt,{org:n,space:t,page:r??"",withPage:!!r}),[o,a]=b(null),[s,l]=b(!1),u=i.data?.space;return O(()=>{u&&dr(n,{id:u.id,title:u.title,emoji:u.emoji})},[u?.id]),e($,{q:i,children:c=>{let p=c.space;if(!p)return e("h1",{children:"No such space"});let m=sn(p.revision.pages),g=p.revision.page,d=c.organization?.changeRequests.items.find(S=>S.createdBy.id===c.viewer.id),y=async()=>{if(d){E(R.edit(n,t,d.number,r));return}l(!0);try{let S=await h(Kn,{space:t,subject:null});E(R.edit(n,t,S.createChangeRequest.number,r))}catch(S){a(S instanceof L?S:new L([{message:String(S)}]))}finally{l(!1)}},x=e(f,{children:[p.emoji?e("span",{"aria-hidden":"true",children:[p.emoji," "]}):null,p.title||"Untitled space"]});return e("div",{class:"reader",children:[e(me,{label:"Pages",pages:p.revision.pages,href:S=>R.page(n,p.id,S),current:r??m?.id}),e("article",{children:[e("div",{class:"space-bar",children:[g?e("p",{class:"crumb",children:x}):e("h1",{children:x}),p.permissions.edit&&e("button",{type:"button",class:"primary edit",onClick:y,disabled:s,children:d?`Edit (continue #${d.number})`:"Edit"}),e("a",{href:R.history(n,p.id),children:"History"}),p.urls.published&&e("a",{href:p.urls.published,children:"Published site"})]}),e(A,{error:o}),g?e(f,{children:[e("h1",{children:g.title}),g.description&&e("p",{class:"lead",children:g.description}),e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:g.html??""}})]}):m?e("p",{children:e("a",{href:R.page(n,p.id,m.id),children:["Read ",m.title]})}):e("p",{class:"muted",children:["This space has no pages yet",p.permissions.edit?": Edit to write the first one.":"."]})]})]})}})}function zi(n){switch(n.kind){case"changeRequest":return`Change request #${n.number} · Folio`;case"review":return`Review #${n.number} · Folio`;case"history":return"History · Folio";case"edit":return`Editing change request #${n.number} · Folio`;case"site":return"Site · Folio";case"manage":return n.rest.startsWith("sites")?"Sites · Folio":n.rest.startsWith("account")?"Your account · Folio":"Administration · Folio";case"openapi":return`OpenAPI ${n.slug} · Folio`;default:return"Folio"}}function Wi({route:n}){switch(n.kind){case"org":return e(Vr,{org:n.org});case"collection":return e(Dr,{org:n.org,id:n.id});case"space":return e(Qr,{org:n.org,space:n.space,page:n.page});case"revision":return e(jr,{org:n.org,space:n.space,revision:n.revision,page:n.page});case"history":return e(Gr,{org:n.org,space:n.space,revision:n.revision});case"changeRequest":return e(Pr,{org:n.org,space:n.space,number:n.number,page:n.page});case"review":return e(Er,{org:n.org,space:n.space,number:n.number});case"edit":return e(qr,{org:n.org,space:n.space,number:n.number,page:n.page});case"site":return n.preview?e(Kr,{org:n.org,site:n.site,preview:!0}):e(qe,{org:n.org,site:n.site});case"manage":return e(_r,{org:n.org,rest:n.rest});case"openapi":return e(Or,{org:n.org,slug:n.slug});default:return null}}function ji(){let n=_(Gt,{}),t=n.data?.organizations.items[0];return O(()=>{t&&E(R.org(t.id),!0)},[t?.id]),e("main",{id:"main",class:"start",children:e($,{q:n,children:r=>r.organizations.items.length?e("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):e(f,{children:[e("h1",{children:["Welcome, ",r.viewer.displayName]}),e("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",e("a",{href:"/account",children:"account page"}),"."]})]})})})}function Jr(){let n=sr();if(O(()=>{document.title=zi(n),document.getElementById("main")?.focus({preventScroll:!0})},[n]),n.kind==="start")return e(ji,{});if(n.kind==="notFound")return e("main",{id:"main",class:"start",children:[e("h1",{children:"Not found"}),e("p",{children:["The app has no page at ",n.path,". ",e("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let t=n.kind==="space"||n.kind==="revision"||n.kind==="history"||n.kind==="changeRequest"||n.kind==="edit"?n.space:n.kind==="collection"?n.id:void 0;return e(Ir,{org:n.org,current:t,children:e(Wi,{route:n})})}or();var Yr=document.getElementById("app");Yr.replaceChildren();_n(e(Jr,{}),Yr);
