var D,hn,ui,oe,Be,Pe,bn,$e,fn,Qe,Ge,vn,fe=Symbol.for("pv"),De={},Te=[],pi=/^m(i|n|o|s|text|space)$/,Je=Array.isArray,Sn=Te.slice,ue=Object.assign;function de(n){n&&n.parentNode&&n.remove()}function Ce(n,t,r,i,o){var a={type:n,props:t,key:r,ref:i,__k:null,__:null,__b:0,__e:null,__c:null,constructor:fe,__v:o||++hn,__i:-1,__u:0};return!o&&D.vnode&&D.vnode(a),a}function f(n){return n.children}function Ie(n,t){this.props=n,this.context=t,this.__g=0}function se(n,t){if(t==null)return n.__&&se(n.__,n.__i+1);for(var r;t<n.__k.length;t++)if((r=n.__k[t])&&r.__e)return r.__e;return typeof n.type!="function"||n.props.__P?null:se(n)}function ci(n){var t,r=n.__v,i=r.__e,o=[],a=[],s=n.__P;s&&((t=ue({constructor:fe},r)).__v=r.__v+1,D.vnode&&D.vnode(t),Ye(s,t,r,n.__n,s.namespaceURI,32&r.__u?[i]:null,o,i||se(r),32&r.__u,a),t.__v=r.__v,t.__.__k[t.__i]=t,$n(o,t,a),r.__=r.__e=null,t.__e!=i&&Rn(t))}function Rn(n){if((n=n.__)&&n.__c&&!n.props.__P)return n.__e=null,n.__k.some(function(t){return t&&(n.__e=t.__e)}),Rn(n)}function Ke(n){(8&n.__g||(n.__g|=8,oe.push(n),Pe++))&&Be==D.debounceRendering||((Be=D.debounceRendering)||queueMicrotask)(wn)}function wn(){try{for(var n,t=1;oe.length;)oe.length>t&&oe.sort(bn),n=oe.shift(),t=oe.length,8&n.__g&&ci(n)}finally{(Pe=oe.length)&&(Be||queueMicrotask)(wn)}}function kn(n,t,r,i,o,a,s,l,d,c,p){var m,g,u,y,_,v,C=i.__k||Te,R=t.length;for(d=mi(r,t,C,d,R),m=0;m<R;m++)(u=r.__k[m])!=null&&(g=~u.__i&&C[u.__i]||De,u.__i=m,v=Ye(n,u,g,o,a,s,l,d,c,p),y=u.__e,(g.ref!=u.ref||8&g.__u)&&(g.ref&&Xe(g.ref,null,u,g),u.ref&&p.push(u.ref,u.__c||y,u)),_=_||y,4&u.__u?(d=_n(u,d,n,!g.__v),g.__e&&(g.__e=null)):typeof u.type=="function"&&v!==void 0?d=v:y&&(d=y.nextSibling),u.__u&=-21);return r.__e=_,d}function mi(n,t,r,i,o){var a,s,l,d,c,p,m,g,u,y=r.length,_=y,v=0,C=0,R=n.__k=Array(o);for(a=0;a<o;a++)(s=t[a])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=R[a]=Ce(null,s):Je(s)?s=R[a]=Ce(f,{children:s}):s.constructor===fe&&s.__b?s=R[a]=Ce(s.type,s.props,s.key,s.ref,s.__v):R[a]=s,d=a+v,s.__=n,s.__b=n.__b+1,l=null,~(c=s.__i=gi(s,r,d,_))&&(_--,(l=r[c])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,c==d-1?v--:c==d+1?v++:c!=d&&(c>d?v--:v++,C=1)):(~c||(o>y?v--:o<y&&v++),typeof s.type!="function"&&(s.__u|=4))):R[a]=null;if(C){for(p=[],m=[],a=0;a<o;a++)if((s=R[a])&&16&s.__u){for(v=0,g=p.length;v<g;)p[u=v+g>>1]<s.__i?v=u+1:g=u;p[v]=s.__i,m[a]=v+1}for(v=p.length;a--;)m[a]&&(m[a]==v?v--:R[a].__u|=4)}if(_)for(a=0;a<y;a++)!(l=r[a])||2&l.__u||(l.__e==i&&(i=se(l)),Ze(l,l));return i}function _n(n,t,r,i){var o,a,s,l;if(typeof n.type=="function"){if(n.props.__P)return t;if(o=n.__k)for(a=0;a<o.length;a++)o[a]&&(o[a].__=n,t=_n(o[a],t,r,!1));return t}for(t&&!t.parentNode&&(t=se(n))&&!t.parentNode&&(t=null),s=n.__e,l=t;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!i&&r.moveBefore&&s.parentNode?r.moveBefore(s,t):r.insertBefore(s,t||null)),t=s;(t=t&&t.nextSibling)&&t.nodeType==8&&!t.data.startsWith("$s"););return t}function gi(n,t,r,i){var o,a=n.key,s=n.type,l=t[r],d=l&&!(2&l.__u);if(l===null&&a==null||d&&a==l.key&&s==l.type)return r;if(i>(d?1:0)){for(o=r-1;o>=0;o--)if((l=t[o])&&!(2&l.__u)&&a==l.key&&s==l.type)return o;for(o=r+1;o<t.length;o++)if((l=t[o])&&!(2&l.__u)&&a==l.key&&s==l.type)return o}return-1}function yn(n,t,r){r==null&&(r=""),t[0]=="-"?n.setProperty(t,r):n[t]=r}function xe(n,t,r,i,o){var a,s;if(t=="style")if(typeof r=="string")n.style.cssText=r;else{if(typeof i=="string"&&(n.style.cssText=i=""),i)for(t in i)r&&t in r||yn(n.style,t);if(r)for(t in r)i&&r[t]==i[t]||yn(n.style,t,r[t])}else if(t[0]=="o"&&t[1]=="n")typeof r!="function"&&(r=null),typeof i!="function"&&(i=null),(n.__e||(n.__e={}))[t]=r,r&&i||(s=Ge[t]||(Ge[t]=yi(t)),(n.__a||(n.__a={}))[t]=Qe,a=t!=(t=t.replace(fn,"$1")),(t=t.slice(2))[0]<"a"&&(t=t.toLowerCase()),r?n.addEventListener(t,s,a):n.removeEventListener(t,s,a));else{if(o=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in n)try{return void(n[t]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&t[4]!="-"?n.removeAttribute(t):n.setAttribute(t,t=="popover"&&r==1?"":r)}}function yi(n){return function(t){var r=this.__e;if(r){if(r=r[n],t[$e]==null)t[$e]=Qe++;else if(t[$e]<this.__a[n])return;return r(D.event?D.event(t):t)}}}function Ye(n,t,r,i,o,a,s,l,d,c){var p,m,g,u,y,_,v,C,R,N,x,L,V,Y,F,ke,ne,ie,Z=t.type;if(t.constructor!==fe)return null;128&r.__u&&(d=32&r.__u,p=r.__c.__z)&&(t.__u|=d,m=a=[],p.nodeType==8?l=Ae(p,a):a.push(p),l=a[0]||l),(p=D.__b)&&p(t);e:if(typeof Z=="function"){g=s.length;try{if(C=t.props,R=(p=Z.prototype)&&p.render,N=(p=Z.contextType)&&i[p.__c],x=p?N?N.props.value:p.__:i,(u=r.__c)?(t.__c=u,2&u.__g&&(u.__g|=1)):(R?t.__c=u=new Z(C,x):(t.__c=u=new Ie(C,x),u.constructor=Z,u.render=bi),N&&N.sub(u),u.state||(u.state={}),u.__n=i,u.__g|=8,u.__h=[],u.__k=[]),R&&(u.__s||(u.__s=u.state),Z.getDerivedStateFromProps&&(u.__s==u.state&&(u.__s=ue({},u.__s)),ue(u.__s,Z.getDerivedStateFromProps(C,u.__s)))),y=u.props,_=u.state,u.__v=t,r.__c){if(C!==y&&R&&!Z.getDerivedStateFromProps&&u.componentWillReceiveProps&&u.componentWillReceiveProps(C,x),t.__v==r.__v&&!(8&u.__g)||!(4&u.__g)&&u.shouldComponentUpdate&&u.shouldComponentUpdate(C,u.__s,x)===!1){t.__v!=r.__v&&(u.props=C,u.state=u.__s,u.__g&=-9),t.__e=r.__e,t.__k=r.__k,t.__k.some(function(Q){Q&&(Q.__=t)}),Te.push.apply(u.__h,u.__k),u.__k=[],u.__h.length&&s.push(u),l=se(r);break e}u.componentWillUpdate&&u.componentWillUpdate(C,u.__s,x),R&&u.componentDidUpdate&&u.__h.push(function(){u.componentDidUpdate(y,_,v)})}else R&&!Z.getDerivedStateFromProps&&u.componentWillMount&&u.componentWillMount(),R&&u.componentDidMount&&u.__h.push(u.componentDidMount);u.context=x,u.props=C,u.__P=n,u.__g&=-5,L=D.__r,V=R?25:0;do u.__g&=-9,L&&L(t),p=u.render(u.props,u.state=u.__s,u.context);while(8&u.__g&&++V<25);R&&(Te.push.apply(u.__h,u.__k),u.__k=[]),u.state=u.__s,u.getChildContext&&(i=ue({},i,u.getChildContext())),R&&r.__c&&u.getSnapshotBeforeUpdate&&(v=u.getSnapshotBeforeUpdate(y,_)),Y=p&&p.type===f&&p.key==null?p.props.children:p,C.__P&&(p=l,o=(n=C.__P).namespaceURI,d=a=null,r.props&&r.props.__P!=n&&(r.__k.some(function(Q){Q&&Ze(Q,Q)}),r.__k=null),l=r.__k?se(r,0):null),l=kn(n,Je(Y)?Y:[Y],t,r,i,o,a,s,l,d,c),C.__P&&(t.__e=null,l=p),t.__u&=-161,m&&m.some(de),u.__h.length&&s.push(u),1&u.__g&&(u.__g&=-4)}catch(Q){if(s.length=g,t.__v=null,d||a)if(Q&&Q.then){if(t.__u|=128|d,a){for(~(ne=a.indexOf(l||void 0))||(ne=a.length);(ie=a[ne-1])&&ie.nodeType==8;)ne--;for(;ne<a.length;ne++)if(ie=a[ne])if(a[ne]=null,F){if(ie==ke)break}else{if(ie.nodeType!=8)break;ie.data.startsWith("$s")&&(ke=Ae(F=ie))}}if(!F){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;F=l}(p=Ae(F=t.__c.__z||(t.__c.__z=F)))?(t.__e=F,l=p):t.__e=l,l=l&&l.nextSibling}else a&&a.some(de);else t.__e=r.__e;t.__k||(t.__k=r.__k||[]),Q&&Q.then||xn(t),D.__e(Q,t,r)}}else l=t.__e=hi(r.__e,t,r,i,o,a,s,d,c,n);return(p=D.diffed)&&p(t),l}function Ae(n,t){if(n&&n.nodeType==8&&n.data.startsWith("$s"))for(var r=1;n=n.nextSibling;){if(n.nodeType==8){if(n.data.startsWith("$s"))r++;else if(n.data.startsWith("/$s")&&!--r)return n}t&&t.push(n)}}function xn(n){n&&(n.__c&&(n.__c.__g|=4),n.__k&&n.__k.some(xn))}function $n(n,t,r){for(var i=0;i<r.length;)Xe(r[i++],r[i++],r[i++]);D.__c&&D.__c(t,n),n.some(function(o){try{n=o.__h,o.__h=[],n.some(function(a){a.call(o)})}catch(a){D.__e(a,o.__v)}})}function hi(n,t,r,i,o,a,s,l,d,c){var p,m,g,u,y,_,v,C,R=r.props||De,N=t.props,x=t.type;if(x=="svg"?o="http://www.w3.org/2000/svg":x=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),a){for(p=0;p<a.length;p++)if((y=a[p])&&(x?y.localName==x:y.nodeType==3)){n=y,a[p]=null;break}}if(!n){if(C=c.ownerDocument||document,!x)return C.createTextNode(N);n=C.createElementNS(o,x,N.is?N:c),l&&(D.__m&&D.__m(t,a),l=!1),a=null}if(x){if(c=x=="template"&&n.content||n,a=x=="textarea"&&N.defaultValue!=null?null:a&&Sn.call(c.childNodes),!l&&a)for(R={},p=0;p<n.attributes.length;p++)R[(y=n.attributes[p]).name]=y.value;for(p in R)y=R[p],p=="dangerouslySetInnerHTML"?g=y:p=="children"||p in N||p=="value"&&"defaultValue"in N||p=="checked"&&"defaultChecked"in N||xe(n,p,null,y,o);for(p in N)y=N[p],p=="children"?u=y:p=="dangerouslySetInnerHTML"?m=y:p=="value"?_=y:p=="checked"?v=y:l&&typeof y!="function"||R[p]===y||xe(n,p,y,R[p],o);m?(l||g&&(m.__html==g.__html||m.__html==n.innerHTML)||(n.innerHTML=m.__html),t.__k=[]):(g&&(n.textContent=""),(x=="foreignObject"||o=="http://www.w3.org/1998/Math/MathML"&&pi.test(x))&&(o="http://www.w3.org/1999/xhtml"),kn(c,Je(u)?u:[u],t,r,i,o,a,s,a?a[0]:r.__k&&se(r,0),l,d),a&&a.some(de)),l&&x!="textarea"||(p="value",x=="progress"&&_==null?n.removeAttribute(p):_==null||_===n[p]&&(x!="progress"||_)||xe(n,p,_,R[p],o),p="checked",v!=null&&v!=n[p]&&xe(n,p,v,R[p],o))}else R===N||l&&n.data==N||(n.data=N);return n}function Xe(n,t,r,i){try{typeof n=="function"?t?t.__x=n(t)||1:i&&(i=i.__c||i.__e)&&(t=i.__x)&&(i.__x=null,typeof t=="function"?t():n(null)):n.current=t}catch(o){D.__e(o,r)}}function Ze(n,t,r){var i,o,a,s;if(D.unmount&&D.unmount(n),!(i=n.ref)||i.current&&i.current!=n.__e||Xe(i,null,t,n),i=n.__c){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(l){D.__e(l,t)}i.__P=i.__n=null}if(i=n.__k)for(s=0;s<i.length;s++)i[s]&&Ze(i[s],t,typeof n.type!="function"||r&&!n.props.__P);!r&&(i=n.__c)&&(i=i.__z)&&(o=Ae(i,a=[]))&&(i==n.__e&&a.some(de),de(o),de(i)),r||de(n.__e),n.__e=n.__c=n.__=null}function bi(n,t,r){return this.constructor(n,r)}function Cn(n,t){var r,i,o,a;D.__&&D.__(n,t),t.nodeType==9&&(t=t.documentElement),i=(r=n&&32&n.__u)?null:t.__k,t.__k=Ce(f,{children:[n]}),o=[],a=[],Ye(t,t.__k,i||De,De,t.namespaceURI,i?null:t.firstChild?Sn.call(t.childNodes):null,o,i?i.__e:t.firstChild,r,a),$n(o,t.__k,a),t.__k.props.children=null}function In(n){function t(r){var i,o;return this.getChildContext||(i=new Set,(o={})[t.__c]=this,this.getChildContext=function(){return o},this.shouldComponentUpdate=function(a){this.props.value!=a.value&&i.forEach(function(s){s.__g|=4,Ke(s)})},this.sub=function(a){i.add(a);var s=a.componentWillUnmount;a.componentWillUnmount=function(){i.delete(a),s&&s.call(a)}}),r.children}return t.__c="__cC"+vn++,t.__=n,t.Provider=(t.Consumer=function(r,i){return r.children(i)}).contextType=t,t}D={__e:function(n,t,r,i){for(var o,a,s;t=t.__;)if((o=t.__c)&&!(1&o.__g)){o.__g|=4;try{if((s=(a=o.constructor)&&a.getDerivedStateFromError)&&o.setState(a.getDerivedStateFromError(n)),o.componentDidCatch&&(o.componentDidCatch(n,i||{}),s=1),s&&8&o.__g)return void(o.__g|=2)}catch(l){n=l}}throw Pe=0,n}},hn=0,ui=function(n){return n!=null&&n.constructor===fe},Ie.prototype.setState=function(n,t){var r=this.__s;r&&r!=this.state||(r=this.__s=ue({},this.state)),typeof n=="function"&&(n=n(ue({},r),this.props)),n&&(ue(r,n),this.__v&&(t&&this.__k.push(t),Ke(this)))},Ie.prototype.forceUpdate=function(n){this.__v&&(this.__g|=4,n&&this.__h.push(n),Ke(this))},Ie.prototype.render=f,oe=[],Pe=0,bn=function(n,t){return n.__v.__b-t.__v.__b},$e=Symbol(),fn=/(PointerCapture)$|Capture$/i,Qe=0,Ge={},vn=0;var pe,z,en,An,nn=Object.is,Se=0,En=[],tn=[],j=D,Pn=j.__b,Dn=j.__r,Tn=j.diffed,Mn=j.__c,Ln=j.unmount,qn=j.__;function Me(n,t){j.__h&&j.__h(z,n,Se||t),Se=0;var r=z.__H||(z.__H={__:[],__h:[]});return n>=r.__.length&&r.__.push({}),r.__[n]}function b(n){return Se=1,fi(zn,n)}function fi(n,t,r){var i=Me(pe++,2);if(i.t=n,!i.__c&&(i.__=[r?r(t):zn(void 0,t),function(a){var s=(i.__N||i.__)[0],l=i.t(s,a);nn(s,l)||(i.__N=[l,i.__[1]],i.__c.setState({}))}],i.__c=z,!z.__f)){z.__f=!0;var o=z.shouldComponentUpdate;z.shouldComponentUpdate=function(a,s,l){var d=this.__H;if(!d)return!0;var c=!1,p=this.props!=a;if(d.__.some(function(g){g.__N&&(c=!0,nn(g.__[0],g.__N[0])||(p=!0))}),o){var m=o.call(this,a,s,l);return c?m||p:m}return!c||p}}return i.__}function E(n,t){var r=Me(pe++,3);!j.__s&&Fn(r.__H,t)&&(r.__P=!0,r.__=n,r.u=t,z.__H.__h.push(r))}function G(n){return Se=5,Le(function(){return{current:n}},[])}function Le(n,t){var r=Me(pe++,7);return Fn(r.__H,t)&&(r.__=n(),r.__H=t),r.__}function Nn(n,t){return Se=8,Le(function(){return n},t)}function Un(n){var t=z.context[n.__c],r=Me(pe++,9);return r.c=n,t?(r.__==null&&(r.__=!0,t.sub(z)),t.props.value):n.__}function vi(){var n;do{for(;n=tn.shift();)try{ve(n)}catch(r){j.__e(r,{__:(n=n.__P)&&n.__v})}for(;n=En.shift();){var t=n.__H;if(n.__P&&t)try{t.__h.some(ve),t.__h.some(rn),t.__h=[]}catch(r){t.__h=[],j.__e(r,n.__v)}}}while(tn.length)}j.__b=function(n){z=null,Pn&&Pn(n)},j.__=function(n,t){n&&t.__k&&t.__k.__m&&(n.__m=t.__k.__m),qn&&qn(n,t)},j.__r=function(n){Dn&&Dn(n),pe=0;var t=(z=n.__c).__H;t&&(en==z?z.__h=[]:(t.__h.some(ve),t.__h.some(rn),pe=0),t.__h=[],t.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),en=z},j.diffed=function(n){Tn&&Tn(n);var t=n.__c;t&&t.__H&&(t.__H.__h.length&&Vn(En.push(t)),t.__H.__.some(function(r){r.u&&(r.__H=r.u)})),en=z=null},j.__c=function(n,t){t.some(function(r){try{r.__h.some(ve),r.__h=r.__h.filter(function(i){return!i.__||rn(i)})}catch(i){r.__h=[function(){throw i}]}}),Mn&&Mn(n,t)},j.unmount=function(n){Ln&&Ln(n);var t,r,i=n.__c;i&&i.__H&&(i.__H.__.some(function(o){try{if(o.__P&&o.__c){if(r===void 0){for(r=n.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}o.__P=r,Vn(tn.push(o))}else ve(o)}catch(a){t=a}}),i.__H=void 0,t&&j.__e(t,i.__v))};var On=typeof requestAnimationFrame=="function";function Si(n){var t,r=function(){clearTimeout(i),On&&cancelAnimationFrame(t),setTimeout(n)},i=setTimeout(r,35);On&&(t=requestAnimationFrame(r))}function Vn(n){n!=1&&An==j.requestAnimationFrame||((An=j.requestAnimationFrame)||Si)(vi)}function ve(n){var t=z,r=n.__c;typeof r=="function"&&(n.__c=void 0,r()),z=t}function rn(n){var t=z;n.__c=n.__(),z=t}function Fn(n,t){return!n||n.length!=t.length||t.some(function(r,i){return!nn(r,n[i])})}function zn(n,t){return typeof t=="function"?t(n):t}var jn={name:"AcceptInvitation",kind:"mutation",document:`mutation AcceptInvitation ($org: ID!, $invitation: ID!) {
  joinOrganization(organizationId: $org, inviteId: $invitation) {
    organization
  }
}`},Hn={name:"AccountScreen",kind:"query",document:`query AccountScreen {
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
}`},Wn={name:"AddSectionToGroup",kind:"mutation",document:`mutation AddSectionToGroup ($org: ID!, $site: ID!, $group: ID!, $input: AddSectionToGroupInput!) {
  addSectionToGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, input: $input) {
    id
  }
}`},Bn={name:"AddSiteSection",kind:"mutation",document:`mutation AddSiteSection ($org: ID!, $site: ID!, $input: AddSiteSectionInput!) {
  addSiteSection(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Gn={name:"AddSiteSectionGroup",kind:"mutation",document:`mutation AddSiteSectionGroup ($org: ID!, $site: ID!, $input: AddSiteSectionGroupInput!) {
  addSiteSectionGroup(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Kn={name:"AddSiteSpace",kind:"mutation",document:`mutation AddSiteSpace ($org: ID!, $site: ID!, $input: AddSiteSpaceInput!) {
  addSiteSpace(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Qn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},Jn={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},Yn={name:"CreateChangeRequest",kind:"mutation",document:`mutation CreateChangeRequest ($space: ID!, $subject: String) {
  createChangeRequest(spaceId: $space, input: {subject:$subject}) {
    id
    number
  }
}`},Xn={name:"CreateCustomField",kind:"mutation",document:`mutation CreateCustomField ($org: ID!, $input: CreateCustomFieldInput!) {
  createCustomField(organizationId: $org, input: $input) {
    id
  }
}`},Zn={name:"CreatePersonalToken",kind:"mutation",document:`mutation CreatePersonalToken ($input: CreatePersonalTokenInput!) {
  createPersonalToken(input: $input) {
    id
    name
    token
    expiresAt
  }
}`},et={name:"CreateSAMLProvider",kind:"mutation",document:`mutation CreateSAMLProvider ($org: ID!, $input: CreateSAMLProviderInput!) {
  createSAMLProvider(organizationId: $org, input: $input) {
    id
  }
}`},nt={name:"CreateShareLink",kind:"mutation",document:`mutation CreateShareLink ($org: ID!, $site: ID!, $input: CreateShareLinkInput!) {
  createShareLink(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},tt={name:"CreateSite",kind:"mutation",document:`mutation CreateSite ($org: ID!, $input: CreateSiteInput!) {
  createSite(organizationId: $org, input: $input) {
    id
    urls {
      app
    }
  }
}`},rt={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},it={name:"CreateTeam",kind:"mutation",document:`mutation CreateTeam ($org: ID!, $input: CreateTeamInput!) {
  createTeam(organizationId: $org, input: $input) {
    id
  }
}`},at={name:"CreateWebhook",kind:"mutation",document:`mutation CreateWebhook ($org: ID!, $input: CreateWebhookInput!) {
  createWebhook(organizationId: $org, input: $input) {
    id
    secret
  }
}`},ot={name:"CustomFieldsScreen",kind:"query",document:`query CustomFieldsScreen ($org: ID!) {
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
}`},st={name:"DeclineInvitation",kind:"mutation",document:`mutation DeclineInvitation ($invitation: ID!) {
  declineInvitation(invitationId: $invitation)
}`},lt={name:"DeleteCustomField",kind:"mutation",document:`mutation DeleteCustomField ($org: ID!, $name: String!) {
  deleteCustomField(organizationId: $org, name: $name)
}`},dt={name:"DeleteSAMLProvider",kind:"mutation",document:`mutation DeleteSAMLProvider ($org: ID!, $provider: ID!) {
  deleteSAMLProvider(organizationId: $org, samlProviderId: $provider)
}`},ut={name:"DeleteShareLink",kind:"mutation",document:`mutation DeleteShareLink ($org: ID!, $site: ID!, $link: ID!) {
  deleteShareLink(organizationId: $org, siteId: $site, shareLinkId: $link)
}`},pt={name:"DeleteSite",kind:"mutation",document:`mutation DeleteSite ($org: ID!, $site: ID!) {
  deleteSite(organizationId: $org, siteId: $site)
}`},ct={name:"DeleteSiteSection",kind:"mutation",document:`mutation DeleteSiteSection ($org: ID!, $site: ID!, $section: ID!) {
  deleteSiteSection(organizationId: $org, siteId: $site, siteSectionId: $section)
}`},mt={name:"DeleteSiteSectionGroup",kind:"mutation",document:`mutation DeleteSiteSectionGroup ($org: ID!, $site: ID!, $group: ID!) {
  deleteSiteSectionGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group)
}`},gt={name:"DeleteSiteSpace",kind:"mutation",document:`mutation DeleteSiteSpace ($org: ID!, $site: ID!, $siteSpace: ID!) {
  deleteSiteSpace(organizationId: $org, siteId: $site, siteSpaceId: $siteSpace)
}`},yt={name:"DeleteTeam",kind:"mutation",document:`mutation DeleteTeam ($org: ID!, $team: ID!) {
  deleteTeam(organizationId: $org, teamId: $team)
}`},ht={name:"DeleteWebhook",kind:"mutation",document:`mutation DeleteWebhook ($org: ID!, $webhook: ID!) {
  deleteWebhook(organizationId: $org, webhookId: $webhook)
}`},bt={name:"EditContent",kind:"mutation",document:`mutation EditContent ($space: ID!, $cr: String!, $input: ChangeRequestContentInput!) {
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
}`},ft={name:"EditorScreen",kind:"query",document:`query EditorScreen ($space: ID!, $number: String!, $page: ID!, $withPage: Boolean!) {
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
}`},vt={name:"HistoryScreen",kind:"query",document:`query HistoryScreen ($space: ID!, $after: String, $revision: ID!, $withRevision: Boolean!) {
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
}`},St={name:"InvitationsMore",kind:"query",document:`query InvitationsMore ($org: ID!, $page: String!, $limit: Int = 50) {
  organization(id: $org) {
    id
    invitations(page: $page, limit: $limit) {
      items {
        ... InvitationRow
      }
      next {
        page
      }
    }
  }
}
fragment InvitationRow on Invitation {
  id
  email
  role
  createdAt
  invitedBy {
    displayName
  }
}`},Rt={name:"InviteUsers",kind:"mutation",document:`mutation InviteUsers ($org: ID!, $input: InviteUsersInput!) {
  inviteUsers(organizationId: $org, input: $input) {
    invited
  }
}`},wt={name:"MembersMore",kind:"query",document:`query MembersMore ($org: ID!, $page: String!, $limit: Int = 50) {
  organization(id: $org) {
    id
    members(page: $page, limit: $limit, sort: name, order: asc) {
      items {
        ... MemberRow
      }
      next {
        page
      }
    }
  }
}
fragment MemberRow on Member {
  id
  role
  disabled
  joinedAt
  user {
    id
    displayName
    email
  }
}`},kt={name:"MembersScreen",kind:"query",document:`query MembersScreen ($org: ID!) {
  organization(id: $org) {
    id
    title
    members(limit: 50, sort: name, order: asc) {
      count
      items {
        ... MemberRow
      }
      next {
        page
      }
    }
    invitations(limit: 50) {
      count
      items {
        ... InvitationRow
      }
      next {
        page
      }
    }
  }
}
fragment MemberRow on Member {
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
fragment InvitationRow on Invitation {
  id
  email
  role
  createdAt
  invitedBy {
    displayName
  }
}`},_t={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},xt={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
  organization(id: $org) {
    id
    title
    permissions {
      createContent
    }
    spaces(limit: 50) {
      count
      items {
        ... HomeSpace
      }
      next {
        page
      }
    }
    changeRequests(limit: 10, status: [open,draft]) {
      items {
        ... HomeChangeRequest
      }
      next {
        page
      }
    }
  }
}
fragment HomeSpace on Space {
  id
  title
  emoji
  parent
  updatedAt
  changeRequestsOpen
}
fragment HomeChangeRequest on ChangeRequest {
  id
  number
  subject
  status
  updatedAt
  urls {
    app
  }
}`},$t={name:"OrgHomeMoreChangeRequests",kind:"query",document:`query OrgHomeMoreChangeRequests ($org: ID!, $page: String!, $limit: Int = 10) {
  organization(id: $org) {
    id
    changeRequests(page: $page, limit: $limit, status: [open,draft]) {
      items {
        ... HomeChangeRequest
      }
      next {
        page
      }
    }
  }
}
fragment HomeChangeRequest on ChangeRequest {
  id
  number
  subject
  status
  updatedAt
  urls {
    app
  }
}`},Ct={name:"OrgHomeMoreSpaces",kind:"query",document:`query OrgHomeMoreSpaces ($org: ID!, $page: String!, $limit: Int = 50) {
  organization(id: $org) {
    id
    spaces(page: $page, limit: $limit) {
      items {
        ... HomeSpace
      }
      next {
        page
      }
    }
  }
}
fragment HomeSpace on Space {
  id
  title
  emoji
  parent
  updatedAt
  changeRequestsOpen
}`},It={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},At={name:"PublishSite",kind:"mutation",document:`mutation PublishSite ($org: ID!, $site: ID!) {
  publishSite(organizationId: $org, siteId: $site) {
    id
    published
    urls {
      published
    }
  }
}`},Pt={name:"RedeliverWebhookDelivery",kind:"mutation",document:`mutation RedeliverWebhookDelivery ($org: ID!, $webhook: ID!, $delivery: ID!) {
  redeliverWebhookDelivery(organizationId: $org, webhookId: $webhook, deliveryId: $delivery) {
    id
    status
  }
}`},Dt={name:"RemoveMember",kind:"mutation",document:`mutation RemoveMember ($org: ID!, $user: ID!) {
  removeMember(organizationId: $org, userId: $user)
}`},Tt={name:"RemoveSectionFromGroup",kind:"mutation",document:`mutation RemoveSectionFromGroup ($org: ID!, $site: ID!, $group: ID!, $section: ID!) {
  removeSectionFromGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, siteSectionId: $section)
}`},Mt={name:"RemoveTeamMember",kind:"mutation",document:`mutation RemoveTeamMember ($org: ID!, $team: ID!, $user: ID!) {
  removeTeamMember(organizationId: $org, teamId: $team, userId: $user)
}`},Lt={name:"RenderPreview",kind:"query",document:`query RenderPreview ($markdown: String!, $space: ID) {
  renderMarkdown(markdown: $markdown, spaceId: $space)
}`},qt={name:"ReviewLiveChangeRequest",kind:"subscription",document:`subscription ReviewLiveChangeRequest ($space: ID!, $number: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $number) {
    revision
    updatedAt
  }
}`},Ot={name:"ReviewLiveComments",kind:"subscription",document:`subscription ReviewLiveComments ($space: ID!, $number: ID!) {
  commentsChanged(spaceId: $space, changeRequestId: $number) {
    kind
    commentId
  }
}`},Vt={name:"ReviewMerge",kind:"mutation",document:`mutation ReviewMerge ($space: ID!, $number: String!, $base: String) {
  mergeChangeRequest(spaceId: $space, changeRequestId: $number, baseRevision: $base) {
    revision
  }
}`},Et={name:"ReviewMergePreview",kind:"query",document:`query ReviewMergePreview ($space: ID!, $number: String!) {
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
}`},Nt={name:"ReviewPostComment",kind:"mutation",document:`mutation ReviewPostComment ($space: ID!, $number: String!, $page: String, $markdown: String!) {
  postComment(spaceId: $space, changeRequestId: $number, input: {page:$page,body:{markdown:$markdown}}) {
    id
  }
}`},Ut={name:"ReviewPostReply",kind:"mutation",document:`mutation ReviewPostReply ($space: ID!, $number: String!, $comment: ID!, $markdown: String!) {
  postCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, input: {body:{markdown:$markdown}}) {
    id
  }
}`},Ft={name:"ReviewScreen",kind:"query",document:`query ReviewScreen ($space: ID!, $number: String!) {
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
}`},an={name:"ReviewUpdateComment",kind:"mutation",document:`mutation ReviewUpdateComment ($space: ID!, $number: String!, $comment: ID!, $input: UpdateCommentInput!) {
  updateComment(spaceId: $space, changeRequestId: $number, commentId: $comment, input: $input) {
    id
  }
}`},zt={name:"ReviewUpdateReply",kind:"mutation",document:`mutation ReviewUpdateReply ($space: ID!, $number: String!, $comment: ID!, $reply: ID!, $input: UpdateCommentReplyInput!) {
  updateCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, replyId: $reply, input: $input) {
    id
  }
}`},jt={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Ht={name:"RevokeInvitation",kind:"mutation",document:`mutation RevokeInvitation ($org: ID!, $invitation: ID!) {
  revokeInvitation(organizationId: $org, invitationId: $invitation)
}`},Wt={name:"RevokePersonalToken",kind:"mutation",document:`mutation RevokePersonalToken ($id: ID!) {
  revokePersonalToken(id: $id)
}`},Bt={name:"SAMLScreen",kind:"query",document:`query SAMLScreen ($org: ID!) {
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
}`},Gt={name:"SetSiteVisitorKey",kind:"mutation",document:`mutation SetSiteVisitorKey ($org: ID!, $site: ID!, $input: SiteVisitorKeyInput!) {
  setSiteVisitorKey(organizationId: $org, siteId: $site, input: $input) {
    algorithm
    audience
    updatedAt
  }
}`},Kt={name:"SetTeamMember",kind:"mutation",document:`mutation SetTeamMember ($org: ID!, $team: ID!, $user: ID!, $input: SetTeamMemberInput) {
  setTeamMember(organizationId: $org, teamId: $team, userId: $user, input: $input)
}`},Qt={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},Jt={name:"SitePublishScreen",kind:"query",document:`query SitePublishScreen ($org: ID!, $site: ID!) {
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
}`},Yt={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},Xt={name:"SitesScreen",kind:"query",document:`query SitesScreen ($org: ID!) {
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
}`},Zt={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($org: ID!, $space: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},er={name:"Start",kind:"query",document:`query Start {
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
}`},nr={name:"TeamsScreen",kind:"query",document:`query TeamsScreen ($org: ID!) {
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
}`},tr={name:"UnpublishSite",kind:"mutation",document:`mutation UnpublishSite ($org: ID!, $site: ID!) {
  unpublishSite(organizationId: $org, siteId: $site) {
    id
    published
  }
}`},on={name:"UpdateChangeRequest",kind:"mutation",document:`mutation UpdateChangeRequest ($space: ID!, $number: String!, $input: UpdateChangeRequestInput!) {
  updateChangeRequest(spaceId: $space, changeRequestId: $number, input: $input) {
    id
    subject
    status
  }
}`},rr={name:"UpdateMember",kind:"mutation",document:`mutation UpdateMember ($org: ID!, $user: ID!, $input: UpdateMemberInput!) {
  updateMember(organizationId: $org, userId: $user, input: $input) {
    id
    role
  }
}`},ir={name:"UpdateSAMLProvider",kind:"mutation",document:`mutation UpdateSAMLProvider ($org: ID!, $provider: ID!, $input: UpdateSAMLProviderInput!) {
  updateSAMLProvider(organizationId: $org, samlProviderId: $provider, input: $input) {
    id
    status
  }
}`},ar={name:"UpdateShareLink",kind:"mutation",document:`mutation UpdateShareLink ($org: ID!, $site: ID!, $link: ID!, $input: UpdateShareLinkInput!) {
  updateShareLink(organizationId: $org, siteId: $site, shareLinkId: $link, input: $input) {
    id
    active
  }
}`},or={name:"UpdateSite",kind:"mutation",document:`mutation UpdateSite ($org: ID!, $site: ID!, $input: UpdateSiteInput!) {
  updateSite(organizationId: $org, siteId: $site, input: $input) {
    id
    title
    visibility
  }
}`},sr={name:"UpdateSiteCustomization",kind:"mutation",document:`mutation UpdateSiteCustomization ($org: ID!, $site: ID!, $input: JSON!) {
  updateSiteCustomization(organizationId: $org, siteId: $site, input: $input)
}`},lr={name:"UpdateTeamMembers",kind:"mutation",document:`mutation UpdateTeamMembers ($org: ID!, $team: ID!, $input: UpdateTeamMembersInput!) {
  updateTeamMembers(organizationId: $org, teamId: $team, input: $input)
}`},dr={name:"UpdateWebhook",kind:"mutation",document:`mutation UpdateWebhook ($org: ID!, $webhook: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(organizationId: $org, webhookId: $webhook, input: $input) {
    id
    active
  }
}`},ur={name:"WebhookScreen",kind:"query",document:`query WebhookScreen ($org: ID!, $webhook: ID!) {
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
}`},pr={name:"WebhooksScreen",kind:"query",document:`query WebhooksScreen ($org: ID!) {
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
}`};var A=class extends Error{constructor(r,i=null){super(r.map(o=>o.message).join("; "));this.errors=r;this.data=i}errors;data;code(r){return this.errors.find(i=>i.extensions?.code===r)}forField(r){let i=new RegExp(`(^|[.\\]])${r}:`);return this.errors.find(a=>a.extensions?.field===r||i.test(a.message.split(" ")[0]??""))?.message}};function Ri(){for(let n of document.cookie.split(";")){let[t,r]=n.trim().split("=");if(t==="folio_csrf")return decodeURIComponent(r??"")}return""}function wi(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new A([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function h(n,t,r){let i;try{i=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":Ri()},body:JSON.stringify({query:n.document,operationName:n.name,variables:t}),signal:r})}catch(a){throw a.name==="AbortError"?a:new A([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let o;try{o=await i.json()}catch{throw new A([{message:`The server answered ${i.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(o.errors?.length)throw o.errors.some(a=>a.extensions?.code==="UNAUTHENTICATED")&&wi(),new A(o.errors,o.data??null);if(o.data==null)throw new A([{message:`The server answered ${i.status} without data.`}]);return o.data}var ki=Symbol.for("pv"),_i=0;function e(n,t,r,i,o,a){t||(t={});var s,l,d=t;if("ref"in d&&typeof n!="function")for(l in d={},t)l=="ref"?s=t[l]:d[l]=t[l];var c={type:n,props:d,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:ki,__v:--_i,__i:-1,__u:0};return(o||a)&&(c.__source=o,c.__self=a),D.vnode&&D.vnode(c),c}function k(n,t,r=!1){let i=JSON.stringify(t),[o,a]=b(null),[s,l]=b(null),[d,c]=b(!r),p=G(null),m=Nn(async()=>{p.current?.abort();let g=new AbortController;p.current=g,c(!0);try{let u=await h(n,JSON.parse(i),g.signal);if(g.signal.aborted)return;a(u),l(null)}catch(u){if(g.signal.aborted)return;l(u instanceof A?u:new A([{message:String(u)}]))}finally{g.signal.aborted||c(!1)}},[n,i]);return E(()=>{if(!r)return a(null),m(),()=>p.current?.abort()},[m,r]),{data:o,error:s,loading:d,reload:m}}function I({error:n,onRetry:t}){return n?e("div",{class:"notice error",role:"alert",children:[e("p",{children:n.message}),t&&e("button",{type:"button",onClick:t,children:"Try again"})]}):null}function $({q:n,children:t}){return n.error&&!n.data?e(I,{error:n.error,onRetry:n.reload}):n.data?e(f,{children:t(n.data)}):e("p",{class:"muted",role:"status",children:"Loading…"})}var T="([^/]+)",xi=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${T}/?$`),n=>({kind:"org",org:n[1]})],[new RegExp(`^/app/o/${T}/c/${T}/?$`),n=>({kind:"collection",org:n[1],id:n[2]})],[new RegExp(`^/app/o/${T}/s/${T}(?:/page/${T})?/?$`),n=>({kind:"space",org:n[1],space:n[2],page:n[3]})],[new RegExp(`^/app/o/${T}/s/${T}/revisions/${T}(?:/page/${T})?/?$`),n=>({kind:"revision",org:n[1],space:n[2],revision:n[3],page:n[4]})],[new RegExp(`^/app/o/${T}/s/${T}/history(?:/${T})?/?$`),n=>({kind:"history",org:n[1],space:n[2],revision:n[3]})],[new RegExp(`^/app/o/${T}/s/${T}/change-requests/${T}/edit(?:/page/${T})?/?$`),n=>({kind:"edit",org:n[1],space:n[2],number:n[3],page:n[4]})],[new RegExp(`^/app/o/${T}/s/${T}/change-requests/${T}(?:/page/${T})?/?$`),n=>({kind:"changeRequest",org:n[1],space:n[2],number:n[3],page:n[4]})],[new RegExp(`^/app/o/${T}/s/${T}/change-requests/${T}/review/?$`),n=>({kind:"review",org:n[1],space:n[2],number:n[3]})],[new RegExp(`^/app/o/${T}/sites/${T}(/preview)?/?$`),n=>({kind:"site",org:n[1],site:n[2],preview:!!n[3]})],[new RegExp(`^/app/o/${T}/openapi/${T}/?$`),n=>({kind:"openapi",org:n[1],slug:n[2]})],[new RegExp(`^/app/o/${T}/((?:sites|admin|account)(?:/[^/]+)*)/?$`),n=>({kind:"manage",org:n[1],rest:n[2]})]];function cr(n){for(let[t,r]of xi){let i=t.exec(n);if(i)return r(i.map(o=>o===void 0?o:decodeURIComponent(o)))}return{kind:"notFound",path:n}}var P=encodeURIComponent,w={org:n=>`/app/o/${P(n)}`,collection:(n,t)=>`/app/o/${P(n)}/c/${P(t)}`,space:(n,t)=>`/app/o/${P(n)}/s/${P(t)}`,page:(n,t,r)=>`/app/o/${P(n)}/s/${P(t)}/page/${P(r)}`,revision:(n,t,r,i)=>`/app/o/${P(n)}/s/${P(t)}/revisions/${P(r)}`+(i?`/page/${P(i)}`:""),history:(n,t,r)=>`/app/o/${P(n)}/s/${P(t)}/history`+(r?`/${P(r)}`:""),changeRequest:(n,t,r,i)=>`/app/o/${P(n)}/s/${P(t)}/change-requests/${P(String(r))}`+(i?`/page/${P(i)}`:""),review:(n,t,r)=>`/app/o/${P(n)}/s/${P(t)}/change-requests/${P(String(r))}/review`,edit:(n,t,r,i)=>`/app/o/${P(n)}/s/${P(t)}/change-requests/${P(String(r))}/edit`+(i?`/page/${P(i)}`:""),site:(n,t)=>`/app/o/${P(n)}/sites/${P(t)}`,openapi:(n,t)=>`/app/o/${P(n)}/openapi/${P(t)}`};function ae(n){try{let t=new URL(n,location.href);return t.pathname+t.hash}catch{return n}}var qe=new Set;function U(n,t=!1){t?history.replaceState(null,"",n):history.pushState(null,"",n),qe.forEach(r=>r()),t||window.scrollTo(0,0)}function mr(){document.addEventListener("click",n=>{if(n.defaultPrevented||n.button!==0||n.metaKey||n.ctrlKey||n.shiftKey||n.altKey)return;let t=n.target?.closest?.("a");if(!t||t.target||t.hasAttribute("download"))return;let r=new URL(t.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(n.preventDefault(),U(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>qe.forEach(n=>n()))}function gr(){let[n,t]=b(()=>cr(location.pathname));return E(()=>{let r=()=>t(cr(location.pathname));return qe.add(r),()=>{qe.delete(r)}},[]),n}var yr=n=>`folio.recent.${n}`;function sn(n){try{let t=JSON.parse(localStorage.getItem(yr(n))??"[]");return Array.isArray(t)?t.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function hr(n,t){let r=[t,...sn(n).filter(i=>i.id!==t.id)].slice(0,5);try{localStorage.setItem(yr(n),JSON.stringify(r))}catch{}}function br({org:n,onClose:t}){let r=G(null),[i,o]=b(""),[a,s]=b(null),[l,d]=b(null);E(()=>{r.current?.showModal()},[]),E(()=>{let m=i.trim();if(!m){s(null);return}let g=new AbortController,u=setTimeout(async()=>{try{let y=await h(It,{org:n,query:m},g.signal);s(y.organization?.search.items??[]),d(null)}catch(y){g.signal.aborted||d(y instanceof A?y.message:String(y))}},150);return()=>{clearTimeout(u),g.abort()}},[i,n]);let c=m=>{t(),U(ae(m))},p=a?.flatMap(m=>m.pages)[0];return e("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:t,onCancel:t,children:[e("form",{method:"dialog",role:"search",onSubmit:m=>{m.preventDefault(),p&&c(p.urls.app)},children:[e("h2",{id:"search-h",children:"Search"}),e("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),e("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:i,autoComplete:"off",onInput:m=>o(m.target.value)}),e("button",{type:"button",class:"close",onClick:t,children:"Close"})]}),l&&e("p",{class:"notice error",role:"alert",children:l}),e("div",{"aria-live":"polite",children:[a&&a.length===0&&e("p",{class:"muted",children:["Nothing matches “",i.trim(),"”."]}),a?.map(m=>e("section",{class:"results",children:[e("h3",{children:m.title}),e("ul",{children:m.pages.map(g=>e("li",{children:[e("a",{href:ae(g.urls.app),onClick:u=>{u.preventDefault(),c(g.urls.app)},children:g.title||g.path}),g.sections.length>0&&e("ul",{children:g.sections.slice(0,3).map(u=>e("li",{children:e("a",{href:ae(u.urls.app),onClick:y=>{y.preventDefault(),c(u.urls.app)},children:u.title})},u.id))})]},g.id))})]},m.id))]})]})}function fr(n){return n instanceof A?n:new A([{message:String(n?.message??n)}])}function ln(n){return typeof n.extensions?.field=="string"?n.extensions.field:/^([A-Za-z][\w.]*): /.exec(n.message)?.[1]}function q(n){let[t,r]=b(n.initial),[i,o]=b(!1),[a,s]=b(null),[l,d]=b(""),c=G(n);c.current=n;let p=u=>c.current.api?.[u]??u,m=u=>{if(u)for(let y of Object.keys(c.current.initial)){let _=p(y);if(u===_||u.startsWith(_+".")||u.startsWith(_+"["))return y}};return{id:n.id,values:t,busy:i,error:a,done:l,set(u,y){r(_=>({..._,[u]:y})),d("")},fieldError(u){return a?.errors.find(y=>m(ln(y))===u)?.message},formErrors(){return(a?.errors??[]).filter(u=>!m(ln(u))).map(u=>u.message)},onSubmit(u){if(u.preventDefault(),i)return;o(!0),d("");let y=t;c.current.submit(y).then(_=>{s(null),d(typeof _=="string"?_:""),c.current.reset&&r(c.current.initial)}).catch(_=>{let v=fr(_);s(v);let C=v.errors.map(R=>m(ln(R))).find(Boolean);C&&setTimeout(()=>document.getElementById(`${c.current.id}-${C}`)?.focus(),0)}).finally(()=>o(!1))}}}function M({form:n,name:t,label:r,hint:i,type:o="text",autoComplete:a}){let s=`${n.id}-${t}`,l=n.fieldError(t),d=[i?`${s}-hint`:"",`${s}-error`].filter(Boolean).join(" ");return e("div",{class:"field",children:[e("label",{for:s,children:r}),e("input",{type:o,autoComplete:a,id:s,name:t,value:String(n.values[t]??""),"aria-invalid":l?!0:void 0,"aria-describedby":d,onInput:c=>n.set(t,c.target.value)}),i&&e("small",{id:`${s}-hint`,class:"muted",children:i}),e("span",{id:`${s}-error`,class:"field-error",children:l??""})]})}function ce({form:n,name:t,label:r,hint:i,rows:o=4}){let a=`${n.id}-${t}`,s=n.fieldError(t),l=[i?`${a}-hint`:"",`${a}-error`].filter(Boolean).join(" ");return e("div",{class:"field",children:[e("label",{for:a,children:r}),e("textarea",{id:a,name:t,rows:o,value:String(n.values[t]??""),"aria-invalid":s?!0:void 0,"aria-describedby":l,onInput:d=>n.set(t,d.target.value)}),i&&e("small",{id:`${a}-hint`,class:"muted",children:i}),e("span",{id:`${a}-error`,class:"field-error",children:s??""})]})}function B({form:n,name:t,label:r,options:i}){let o=`${n.id}-${t}`,a=n.fieldError(t);return e("div",{class:"field",children:[e("label",{for:o,children:r}),e("select",{id:o,name:t,value:String(n.values[t]??""),"aria-invalid":a?!0:void 0,"aria-describedby":`${o}-error`,onChange:s=>n.set(t,s.target.value),children:i.map(([s,l])=>e("option",{value:s,children:l},s))}),e("span",{id:`${o}-error`,class:"field-error",children:a??""})]})}function Oe({form:n,name:t,label:r}){let i=`${n.id}-${t}`,o=n.fieldError(t);return e("div",{class:"field check",children:[e("input",{type:"checkbox",id:i,name:t,checked:!!n.values[t],"aria-describedby":`${i}-error`,onChange:a=>n.set(t,a.target.checked)}),e("label",{for:i,children:r}),e("span",{id:`${i}-error`,class:"field-error",children:o??""})]})}function O({form:n,submit:t,children:r,label:i}){let o=n.formErrors();return e("form",{class:"api-form",onSubmit:n.onSubmit,"aria-label":i,noValidate:!0,children:[r,o.length>0&&e("div",{class:"notice error",role:"alert",children:o.map((a,s)=>e("p",{children:a},s))}),e("button",{type:"submit",class:"primary",disabled:n.busy,children:t}),e("span",{role:"status",class:"muted",children:n.done})]})}function H(){let[n,t]=b(!1),[r,i]=b(null);return{busy:n,error:r,run:async a=>{t(!0);try{await a(),i(null)}catch(s){i(fr(s))}finally{t(!1)}}}}var dn=[["public","Public: anyone, indexed by search engines"],["unlisted","Unlisted: anyone with the address"],["share-link","Share links: holders of a link"],["visitor-auth","Visitor authentication: holders of a signed token"]];function Ve({org:n,site:t}){let r=k(Jt,{org:n,site:t});return e($,{q:r,children:i=>e($i,{org:n,s:i.organization.site,spaces:i.organization.spaces.items,reload:r.reload})})}function vr(n){return[["","Choose a space"],...n.map(t=>[t.id,t.title||"Untitled space"])]}function $i({org:n,s:t,spaces:r,reload:i}){let o=H(),a={org:n,site:t.id},s=q({id:"site-settings",initial:{title:t.title,visibility:t.visibility},submit:async d=>(await h(or,{...a,input:{title:d.title,visibility:d.visibility}}),await i(),"Saved.")}),l=t.siteSpaceList.items.filter(d=>!d.section);return e(f,{children:[e("h1",{children:t.title}),e("p",{class:"lead",children:[e("span",{class:"badge","data-testid":"site-state",children:t.published?"Published":"Not published"})," ",t.published&&t.urls.published&&e("a",{href:t.urls.published,"data-testid":"open-site",children:"Open the published site"})]}),e(I,{error:o.error}),e("p",{class:"actions",children:[t.published?e("button",{type:"button",disabled:o.busy,onClick:()=>o.run(async()=>(await h(tr,a),i())),children:"Unpublish"}):e("button",{type:"button",class:"primary",disabled:o.busy,onClick:()=>o.run(async()=>(await h(At,a),i())),children:"Publish"}),e("a",{href:t.urls.preview,children:"Preview"})]}),e("section",{"aria-labelledby":"settings-h",children:[e("h2",{id:"settings-h",children:"Settings"}),e(O,{form:s,submit:"Save settings",label:"Site settings",children:[e(M,{form:s,name:"title",label:"Title",hint:"2 to 128 characters."}),e(B,{form:s,name:"visibility",label:"Who reads it",options:dn})]})]}),e("section",{"aria-labelledby":"spaces-h",children:[e("h2",{id:"spaces-h",children:"Spaces"}),t.sections.items.length>0?e("p",{class:"muted",children:"The site has sections: add spaces to a section below."}):e(f,{children:[e(Sr,{org:n,site:t.id,items:l,reload:i}),e(Rr,{org:n,site:t.id,spaces:r,reload:i})]})]}),t.permissions.admin&&e(Di,{org:n,s:t,reload:i}),e(Ci,{org:n,s:t,spaces:r,reload:i}),e(Ii,{org:n,s:t,reload:i}),(t.visibility==="share-link"||t.shareLinks.items.length>0)&&e(Ai,{org:n,s:t,reload:i}),(t.visibility==="visitor-auth"||t.visitorKey)&&t.permissions.admin&&e(Pi,{org:n,s:t,reload:i}),e("section",{"aria-labelledby":"danger-h",children:[e("h2",{id:"danger-h",children:"Delete"}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>{await h(pt,a),U(K.sites(n))}),children:["Delete the site ",t.title]})]})]})}function Sr({org:n,site:t,items:r,reload:i}){let o=H();return e(f,{children:[e(I,{error:o.error}),e("ul",{class:"rows",children:r.map(a=>e("li",{children:[e("span",{children:[a.space.title||a.title," ",e("span",{class:"muted",children:["· /",a.path]})]}),e("button",{type:"button",disabled:o.busy,"aria-label":`Remove ${a.space.title||a.title} from the site`,onClick:()=>o.run(async()=>(await h(gt,{org:n,site:t,siteSpace:a.id}),i())),children:"Remove"})]},a.id))})]})}function Rr({org:n,site:t,section:r,spaces:i,reload:o}){let a=q({id:`add-space-${r??"root"}`,initial:{spaceId:""},reset:!0,submit:async s=>{await h(Kn,{org:n,site:t,input:{spaceId:s.spaceId,sectionId:r??null}}),await o()}});return e(O,{form:a,submit:"Add space",label:r?"Add a space to this section":"Add a space to the site",children:e(B,{form:a,name:"spaceId",label:"Space",options:vr(i)})})}function Ci({org:n,s:t,spaces:r,reload:i}){let o=H(),a=q({id:"new-section",initial:{title:"",spaceId:""},reset:!0,submit:async s=>{await h(Bn,{org:n,site:t.id,input:{spaceId:s.spaceId,title:s.title||null}}),await i()}});return e("section",{"aria-labelledby":"sections-h",children:[e("h2",{id:"sections-h",children:"Sections"}),e(I,{error:o.error}),t.sections.items.map(s=>e("div",{class:"card",children:[e("h3",{children:[s.title," ",e("span",{class:"muted",children:["· /",s.path]}),s.default?e("span",{class:"badge",children:"default"}):null]}),e(Sr,{org:n,site:t.id,items:s.siteSpaces,reload:i}),e(Rr,{org:n,site:t.id,section:s.id,spaces:r,reload:i}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await h(ct,{org:n,site:t.id,section:s.id}),i())),children:["Delete section ",s.title]})]},s.id)),e("h3",{children:"New section"}),e(O,{form:a,submit:"Add section",label:"New section",children:[e(M,{form:a,name:"title",label:"Title",hint:"2 to 64 characters; the space's title when empty."}),e(B,{form:a,name:"spaceId",label:"First space",options:vr(r)})]})]})}function Ii({org:n,s:t,reload:r}){let i=H(),o=q({id:"new-group",initial:{title:""},reset:!0,submit:async s=>{await h(Gn,{org:n,site:t.id,input:{title:s.title}}),await r()}});if(t.sections.items.length===0&&t.sectionGroups.items.length===0)return null;let a=t.sections.items.filter(s=>!s.sectionGroup);return e("section",{"aria-labelledby":"groups-h",children:[e("h2",{id:"groups-h",children:"Section groups"}),e(I,{error:i.error}),t.sectionGroups.items.map(s=>e("div",{class:"card",children:[e("h3",{children:s.title}),e("ul",{class:"rows",children:s.sections.map(l=>e("li",{children:[e("span",{children:l.title}),e("button",{type:"button",disabled:i.busy,"aria-label":`Take ${l.title} out of ${s.title}`,onClick:()=>i.run(async()=>(await h(Tt,{org:n,site:t.id,group:s.id,section:l.id}),r())),children:"Take out"})]},l.id))}),a.length>0&&e("p",{class:"actions",children:a.map(l=>e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await h(Wn,{org:n,site:t.id,group:s.id,input:{sectionId:l.id}}),r())),children:["Put ",l.title," in ",s.title]},l.id))}),e("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>(await h(mt,{org:n,site:t.id,group:s.id}),r())),children:["Delete group ",s.title]})]},s.id)),e(O,{form:o,submit:"Add group",label:"New section group",children:e(M,{form:o,name:"title",label:"Group title",hint:"1 to 100 characters."})})]})}function Ai({org:n,s:t,reload:r}){let i=H(),o=q({id:"new-share-link",initial:{name:""},reset:!0,submit:async a=>{await h(nt,{org:n,site:t.id,input:{name:a.name}}),await r()}});return e("section",{"aria-labelledby":"links-h",children:[e("h2",{id:"links-h",children:"Share links"}),e(I,{error:i.error}),e("ul",{class:"rows",children:t.shareLinks.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.name||"Unnamed link"})," ",a.active?"":e("span",{class:"muted",children:"(deactivated)"}),a.urls.published&&e(f,{children:[" ",e("code",{class:"secret",children:a.urls.published})]})]}),e("span",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await h(ar,{org:n,site:t.id,link:a.id,input:{active:!a.active}}),r())),children:[a.active?"Deactivate":"Activate"," ",e("span",{class:"visually-hidden",children:a.name})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Delete the share link ${a.name??""}`,onClick:()=>i.run(async()=>(await h(ut,{org:n,site:t.id,link:a.id}),r())),children:"Delete"})]})]},a.id))}),e(O,{form:o,submit:"Create share link",label:"New share link",children:e(M,{form:o,name:"name",label:"Name",hint:"Who it is for, at most 50 characters."})})]})}function Pi({org:n,s:t,reload:r}){let i=q({id:"visitor-key",initial:{algorithm:"HS256",key:"",audience:""},reset:!0,submit:async o=>(await h(Gt,{org:n,site:t.id,input:{algorithm:o.algorithm,key:o.key,audience:o.audience||null}}),await r(),"Key set.")});return e("section",{"aria-labelledby":"vk-h",children:[e("h2",{id:"vk-h",children:"Visitor authentication key"}),e("p",{"data-testid":"visitor-key",children:t.visitorKey?`A ${t.visitorKey.algorithm} key is set (${ee(t.visitorKey.updatedAt)})${t.visitorKey.audience?`, audience ${t.visitorKey.audience}`:""}.`:"No key is set: visitors cannot read the site until one is."}),e(O,{form:i,submit:t.visitorKey?"Replace key":"Set key",label:"Visitor key",children:[e(B,{form:i,name:"algorithm",label:"Algorithm",options:[["HS256","HS256 (shared secret, 32 bytes or more)"],["RS256","RS256 (RSA public key, PEM)"]]}),e(ce,{form:i,name:"key",label:"Key",hint:"Never shown again.",rows:3}),e(M,{form:i,name:"audience",label:"Audience (optional)"})]})]})}function Di({org:n,s:t,reload:r}){let i=t.customization??{},o=q({id:"customization",initial:{theme:i.styling?.theme??"clean",primaryColor:i.styling?.primaryColor?.light??"#346DDB"},api:{primaryColor:"styling"},submit:async a=>{let s={...i,styling:{...i.styling,theme:a.theme,primaryColor:{light:a.primaryColor,dark:a.primaryColor}}};return await h(sr,{org:n,site:t.id,input:s}),await r(),"Saved."}});return e("section",{"aria-labelledby":"custom-h",children:[e("h2",{id:"custom-h",children:"Look"}),e(O,{form:o,submit:"Save look",label:"Site customization",children:[e(B,{form:o,name:"theme",label:"Theme",options:[["clean","Clean"],["muted","Muted"],["bold","Bold"],["gradient","Gradient"]]}),e(M,{form:o,name:"primaryColor",label:"Primary colour",hint:"A hex colour such as #346DDB, for light and dark."})]})]})}function wr({org:n}){let t=k(Xt,{org:n}),r=q({id:"new-site",initial:{title:"",visibility:"public",space:""},api:{space:"spaces"},submit:async i=>{let o=await h(tt,{org:n,input:{title:i.title,visibility:i.visibility,spaces:i.space?[i.space]:null}});U(ae(o.createSite.urls.app))}});return e($,{q:t,children:i=>e(f,{children:[e("h1",{children:["Sites (",i.organization.sites.count,")"]}),e("ul",{class:"rows",children:i.organization.sites.items.map(o=>e("li",{children:[e("span",{children:[e("a",{href:K.site(n,o.id),children:o.title}),e("span",{class:"muted",children:[" ","· ",o.published?"published":"not published"," · ",o.visibility," · ",o.siteSpaces," spaces"]})]}),o.urls.published&&e("a",{href:o.urls.published,children:"Open"})]},o.id))}),i.organization.permissions.createContent&&e(f,{children:[e("h2",{children:"New site"}),e(O,{form:r,submit:"Create site",label:"New site",children:[e(M,{form:r,name:"title",label:"Title",hint:"2 to 128 characters."}),e(B,{form:r,name:"visibility",label:"Who reads it",options:dn}),e(B,{form:r,name:"space",label:"First space",options:[["","None yet"],...i.organization.spaces.items.map(o=>[o.id,o.title||"Untitled space"])]})]})]})]})})}function kr(){let n=k(Hn,{}),[t,r]=b(null),i=H(),o=q({id:"new-token",initial:{name:"",expiresAt:"",readOnly:!1},reset:!0,submit:async a=>{let s=a.expiresAt?new Date(a.expiresAt+"T23:59:59Z").toISOString():null,l=await h(Zn,{input:{name:a.name,expiresAt:s,readOnly:a.readOnly}});return r({name:l.createPersonalToken.name,token:l.createPersonalToken.token}),await n.reload(),`Token ${l.createPersonalToken.name} created.`}});return e($,{q:n,children:a=>e(f,{children:[e("h1",{children:"Your account"}),e("p",{class:"muted",children:["Signed in as ",a.viewer.displayName," (",a.viewer.email,")."]}),e(I,{error:i.error}),e("section",{"aria-labelledby":"inv-h",children:[e("h2",{id:"inv-h",children:["Invitations (",a.invitations.count,")"]}),a.invitations.items.length===0?e("p",{class:"muted",children:"No pending invitations."}):e("ul",{class:"rows",children:a.invitations.items.map(s=>e("li",{children:[e("span",{children:[e("strong",{children:s.organization.title})," invites you as ",s.role??"guest",s.invitedBy?` (from ${s.invitedBy.displayName})`:""]}),e("span",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,"aria-label":`Accept the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>{let l=await h(jn,{org:s.organization.id,invitation:s.id});U(w.org(l.joinOrganization.organization))}),children:"Accept"}),e("button",{type:"button",disabled:i.busy,"aria-label":`Decline the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>(await h(st,{invitation:s.id}),n.reload())),children:"Decline"})]})]},s.id))})]}),e("section",{"aria-labelledby":"tokens-h",children:[e("h2",{id:"tokens-h",children:["Personal API tokens (",a.personalTokens.count,")"]}),e("p",{class:"muted",children:["Send a token as ",e("code",{children:"Authorization: Bearer <token>"})," to the REST API (/v1) or GraphQL (/graphql)."]}),t&&e("div",{class:"notice",role:"status",children:[e("p",{children:["The secret of ",e("strong",{children:t.name}),", shown this once: copy it now."]}),e("p",{children:e("code",{class:"secret","data-testid":"token-secret",children:t.token})}),e("button",{type:"button",onClick:()=>r(null),children:"Done"})]}),e("ul",{class:"rows",children:a.personalTokens.items.map(s=>e("li",{children:[e("span",{children:[e("strong",{children:s.commandLine?"(folio token create)":s.name}),s.readOnly?" · read-only":"",s.expired?" · expired":s.expiresAt?` · expires ${ee(s.expiresAt)}`:" · never expires",e("span",{class:"muted",children:[" · last used ",s.lastUsedAt?ee(s.lastUsedAt):"never"]})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Revoke ${s.name||"command-line token"}`,onClick:()=>i.run(async()=>(await h(Wt,{id:s.id}),n.reload())),children:"Revoke"})]},s.id))}),e("h3",{children:"New token"}),e(O,{form:o,submit:"Create token",label:"New personal API token",children:[e(M,{form:o,name:"name",label:"Name",hint:"What the token is for, 1 to 100 characters."}),e(M,{form:o,name:"expiresAt",label:"Expires on (optional)",type:"date"}),e(Oe,{form:o,name:"readOnly",label:"Read-only"})]})]})]})})}var Ti=[["text","Text"],["number","Number"],["boolean","Yes or no"],["single-select","One of a list"],["multi-select","Several of a list"],["tags","Tags"]];function _r({org:n}){let t=k(ot,{org:n}),r=H(),i=q({id:"new-field",initial:{name:"",title:"",type:"text",description:"",options:""},reset:!0,submit:async o=>{let a=o.options.split(",").map(s=>s.trim()).filter(Boolean);return await h(Xn,{org:n,input:{name:o.name,title:o.title||null,type:o.type,description:o.description||null,options:a.length?a:null}}),await t.reload(),`Field ${o.name} created.`}});return e(f,{children:[e(te,{org:n,current:"custom-fields"}),e($,{q:t,children:o=>e(f,{children:[e("h1",{children:["Custom fields (",o.organization.customFields.count,")"]}),e(I,{error:r.error}),e("ul",{class:"rows",children:o.organization.customFields.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.title||a.name})," ",e("code",{children:a.name})," ",e("span",{class:"muted",children:["· ",a.type]}),a.options?.length?e("span",{class:"muted",children:[" · ",a.options.join(", ")]}):null]}),e("button",{type:"button",disabled:r.busy,"aria-label":`Delete the field ${a.name}`,onClick:()=>r.run(async()=>(await h(lt,{org:n,name:a.name}),t.reload())),children:"Delete"})]},a.id))}),e("h2",{children:"New field"}),e(O,{form:i,submit:"Create field",label:"New custom field",children:[e(M,{form:i,name:"name",label:"Name",hint:"Lower-case letters, digits, '_' and '-'; at most 50."}),e(M,{form:i,name:"title",label:"Title (optional)"}),e(B,{form:i,name:"type",label:"Type",options:Ti}),e(M,{form:i,name:"description",label:"Description (optional)"}),e(M,{form:i,name:"options",label:"Options",hint:"For a list: its options, separated by commas."})]})]})})]})}function me(n,t){let[r,i]=b(null),[o,a]=b(!1),[s,l]=b(null);E(()=>l(null),[n]);let d=r?.from===n?r:null,c=d?d.next:n.next?.page??null,p=async()=>{if(!(!c||o)){a(!0);try{let m=await t(c);i({from:n,items:[...d?.items??[],...m.items],next:m.next?.page??null}),l(null)}catch(m){l(m instanceof A?m:new A([{message:String(m)}]))}finally{a(!1)}}};return{items:d?[...n.items,...d.items]:n.items,more:c?p:null,busy:o,error:s}}function ge({list:n,what:t,count:r}){return!n.more&&!n.error?null:e("div",{class:"show-more",children:[n.more&&e("button",{type:"button",onClick:n.more,disabled:n.busy,children:[n.busy?"Loading…":`Show more ${t}`,r!=null&&` (${n.items.length} of ${r} shown)`]}),n.error&&e("p",{class:"notice error",role:"alert",children:n.error.message})]})}var xr=n=>n||null;function $r({org:n}){let t=k(kt,{org:n}),r=H(),i=q({id:"invite",initial:{emails:"",role:"read"},reset:!0,submit:async o=>{let a=o.emails.split(/[\s,;]+/).map(l=>l.trim()).filter(Boolean),s=await h(Rt,{org:n,input:{emails:a,role:xr(o.role)}});return await t.reload(),`${s.inviteUsers.invited} invited.`}});return e(f,{children:[e(te,{org:n,current:"members"}),e($,{q:t,children:o=>e(Mi,{org:n,o:o.organization,q:t,action:r,invite:i})})]})}function Mi({org:n,o:t,q:r,action:i,invite:o}){let a=me(t.members,async d=>(await h(wt,{org:n,page:d})).organization.members),s=me(t.invitations,async d=>(await h(St,{org:n,page:d})).organization.invitations),l={organization:t};return e(f,{children:[e("h1",{children:["Members of ",l.organization.title]}),e(I,{error:i.error}),e("section",{"aria-labelledby":"members-h",children:[e("h2",{id:"members-h",children:["Members (",l.organization.members.count,")"]}),e("ul",{class:"rows",children:a.items.map(d=>e("li",{children:[e("span",{children:[e("strong",{children:d.user.displayName})," ",e("span",{class:"muted",children:d.user.email}),d.disabled?" · disabled":"",e("span",{class:"muted",children:[" · joined ",ee(d.joinedAt)]})]}),e("span",{class:"actions",children:[e("label",{class:"visually-hidden",for:`role-${d.id}`,children:["Role of ",d.user.displayName]}),e("select",{id:`role-${d.id}`,value:d.role??"",disabled:i.busy,onChange:c=>{let p=c.target.value;i.run(async()=>(await h(rr,{org:n,user:d.user.id,input:{role:xr(p)}}),r.reload()))},children:Re.map(([c,p])=>e("option",{value:c,children:p},c))}),e("button",{type:"button",disabled:i.busy,"aria-label":`Remove ${d.user.displayName}`,onClick:()=>i.run(async()=>(await h(Dt,{org:n,user:d.user.id}),r.reload())),children:"Remove"})]})]},d.id))}),e(ge,{list:a,what:"members",count:l.organization.members.count})]}),e("section",{"aria-labelledby":"invitations-h",children:[e("h2",{id:"invitations-h",children:["Pending invitations (",l.organization.invitations.count,")"]}),e("ul",{class:"rows","data-testid":"invitations",children:s.items.map(d=>e("li",{children:[e("span",{children:[d.email," ",e("span",{class:"muted",children:["· ",d.role??"guest"," · invited ",ee(d.createdAt)]})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Revoke the invitation of ${d.email}`,onClick:()=>i.run(async()=>(await h(Ht,{org:n,invitation:d.id}),r.reload())),children:"Revoke"})]},d.id))}),e(ge,{list:s,what:"invitations",count:l.organization.invitations.count}),e("h3",{children:"Invite"}),e(O,{form:o,submit:"Send invitations",label:"Invite by e-mail",children:[e(ce,{form:o,name:"emails",label:"E-mail addresses",hint:"One or more, separated by spaces, commas or lines (at most 100).",rows:3}),e(B,{form:o,name:"role",label:"Role",options:Re})]})]})]})}function Cr({org:n}){let t=k(Bt,{org:n}),r=q({id:"new-saml",initial:{label:""},reset:!0,submit:async i=>(await h(et,{org:n,input:{label:i.label}}),await t.reload(),`Provider ${i.label} added: fill in its identity provider's settings below.`)});return e(f,{children:[e(te,{org:n,current:"saml"}),e($,{q:t,children:i=>e(f,{children:[e("h1",{children:"SAML single sign-on"}),i.organization.samlProviders.items.map(o=>e(Li,{org:n,p:o,teams:i.organization.teams.items,reload:t.reload},o.id)),e("h2",{children:"Add a provider"}),e(O,{form:r,submit:"Add provider",label:"New SAML provider",children:e(M,{form:r,name:"label",label:"Label",hint:"The name members see, 1 to 30 characters."})})]})})]})}function Li({org:n,p:t,teams:r,reload:i}){let o=H(),a=q({id:`saml-${t.id}`,initial:{label:t.label,ssoURL:t.ssoURL??"",entityID:t.entityID,certificate:t.certificate,defaultRole:t.defaultRole??"",defaultTeam:t.defaultTeam?.id??"",idpInitiated:t.idpInitiated},submit:async s=>(await h(ir,{org:n,provider:t.id,input:{label:s.label,ssoURL:s.ssoURL||null,entityID:s.entityID,certificate:s.certificate,defaultRole:s.defaultRole?s.defaultRole:null,defaultTeam:s.defaultTeam||null,idpInitiated:s.idpInitiated}}),await i(),"Saved.")});return e("section",{class:"card","aria-labelledby":`saml-${t.id}-h`,children:[e("h2",{id:`saml-${t.id}-h`,children:[t.label," ",e("span",{class:"badge",children:t.status})]}),e("dl",{class:"pairs",children:[e("dt",{children:"ACS URL"}),e("dd",{children:e("code",{children:t.service.acsURL})}),e("dt",{children:"Entity id (metadata)"}),e("dd",{children:e("code",{children:t.service.entityID})}),e("dt",{children:"Sign-in starts at"}),e("dd",{children:e("code",{children:t.service.startURL})})]}),e(O,{form:a,submit:"Save provider",label:`Settings of ${t.label}`,children:[e(M,{form:a,name:"label",label:"Label"}),e(M,{form:a,name:"ssoURL",label:"Identity provider's sign-in URL",type:"url"}),e(M,{form:a,name:"entityID",label:"Identity provider's entity id"}),e(ce,{form:a,name:"certificate",label:"Signing certificate (PEM)",rows:4}),e(B,{form:a,name:"defaultRole",label:"Role of new members",options:Re}),e(B,{form:a,name:"defaultTeam",label:"Team of new members",options:[["","None"],...r.map(s=>[s.id,s.title])]}),e(Oe,{form:a,name:"idpInitiated",label:"Accept sign-ins started at the identity provider"})]}),e(I,{error:o.error}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await h(dt,{org:n,provider:t.id}),i())),children:["Delete provider ",t.label]})]})}function Ir({org:n}){let t=k(nr,{org:n}),r=q({id:"new-team",initial:{title:""},reset:!0,submit:async i=>(await h(it,{org:n,input:{title:i.title}}),await t.reload(),`Team ${i.title} created.`)});return e(f,{children:[e(te,{org:n,current:"teams"}),e($,{q:t,children:i=>e(f,{children:[e("h1",{children:["Teams (",i.organization.teams.count,")"]}),i.organization.teams.items.map(o=>e(qi,{org:n,team:o,members:i.organization.members.items,reload:t.reload},o.id)),e("h2",{children:"New team"}),e(O,{form:r,submit:"Create team",label:"New team",children:e(M,{form:r,name:"title",label:"Title"})})]})})]})}function qi({org:n,team:t,members:r,reload:i}){let o=H(),a=new Set(t.teamMembers.items.map(d=>d.organization.user.id)),s=r.filter(d=>!a.has(d.user.id)),l=q({id:`add-${t.id}`,initial:{member:""},reset:!0,api:{member:"add"},submit:async d=>{await h(lr,{org:n,team:t.id,input:{add:[d.member]}}),await i()}});return e("section",{class:"card","aria-labelledby":`team-${t.id}`,children:[e("h2",{id:`team-${t.id}`,children:[t.title," ",e("span",{class:"muted",children:["(",t.members," members)"]})]}),e(I,{error:o.error}),e("ul",{class:"rows",children:t.teamMembers.items.map(d=>e("li",{children:[e("span",{children:[d.organization.user.displayName," ",e("span",{class:"muted",children:["· ",d.team.role]})]}),e("span",{class:"actions",children:[d.team.role!=="owner"&&e("button",{type:"button",disabled:o.busy,"aria-label":`Make ${d.organization.user.displayName} owner of ${t.title}`,onClick:()=>o.run(async()=>(await h(Kt,{org:n,team:t.id,user:d.organization.user.id,input:{role:"owner"}}),i())),children:"Make owner"}),e("button",{type:"button",disabled:o.busy,"aria-label":`Remove ${d.organization.user.displayName} from ${t.title}`,onClick:()=>o.run(async()=>(await h(Mt,{org:n,team:t.id,user:d.organization.user.id}),i())),children:"Remove"})]})]},d.organization.user.id))}),s.length>0&&e(O,{form:l,submit:"Add to team",label:`Add a member to ${t.title}`,children:e(B,{form:l,name:"member",label:"Member",options:[["","Choose a member"],...s.map(d=>[d.user.id,`${d.user.displayName} (${d.user.email})`])]})}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await h(yt,{org:n,team:t.id}),i())),children:["Delete team ",t.title]})]})}var Oi=n=>n.split(/[\s,]+/).map(t=>t.trim()).filter(Boolean);function Ar({org:n}){let t=k(pr,{org:n}),[r,i]=b(null),o=q({id:"new-webhook",initial:{url:"",events:""},reset:!0,submit:async a=>{let s=Oi(a.events),l=await h(at,{org:n,input:{url:a.url,events:s.length?s:null}});return i(l.createWebhook.secret??null),await t.reload(),"Webhook added."}});return e(f,{children:[e(te,{org:n,current:"webhooks"}),e($,{q:t,children:a=>e(f,{children:[e("h1",{children:["Webhooks (",a.organization.webhooks.count,")"]}),r&&e("div",{class:"notice",role:"status",children:[e("p",{children:"The signing secret, shown this once: copy it now."}),e("p",{children:e("code",{class:"secret",children:r})}),e("button",{type:"button",onClick:()=>i(null),children:"Done"})]}),e("ul",{class:"rows",children:a.organization.webhooks.items.map(s=>e("li",{children:e("span",{children:[e("a",{href:K.webhook(n,s.id),children:s.url}),e("span",{class:"muted",children:[" ","· ",s.active?"on":"off"," · ",s.events.length?s.events.join(", "):"every event"]})]})},s.id))}),e("h2",{children:"Add a webhook"}),e(O,{form:o,submit:"Add webhook",label:"New webhook",children:[e(M,{form:o,name:"url",label:"URL",type:"url",hint:"An absolute http or https URL."}),e(M,{form:o,name:"events",label:"Events (optional)",hint:"Event types such as space.created or space.*, separated by commas; empty for every event."})]})]})})]})}function Pr({org:n,id:t}){let r=k(ur,{org:n,webhook:t}),i=H();return e(f,{children:[e(te,{org:n,current:"webhooks"}),e($,{q:r,children:o=>{let a=o.organization.webhook;return e(f,{children:[e("h1",{children:"Webhook"}),e("p",{children:e("code",{children:a.url})}),e("p",{class:"muted",children:[a.active?"On":"Off",a.disabledReason?` (${a.disabledReason})`:""," · ",a.events.length?a.events.join(", "):"every event"," · added ",ee(a.createdAt)]}),e(I,{error:i.error}),e("p",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await h(dr,{org:n,webhook:t,input:{active:!a.active}}),r.reload())),children:a.active?"Turn off":"Turn on"}),e("button",{type:"button",disabled:i.busy,onClick:()=>r.reload(),children:"Refresh"}),e("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>{await h(ht,{org:n,webhook:t}),U(K.webhooks(n))}),children:"Delete"})]}),e("h2",{children:["Deliveries (",a.deliveries.count,")"]}),a.deliveries.items.length===0?e("p",{class:"muted",children:"No deliveries yet: they come with the organization's next events."}):e("div",{class:"table-wrap",children:e("table",{"data-testid":"deliveries",children:[e("thead",{children:e("tr",{children:[e("th",{scope:"col",children:"Event"}),e("th",{scope:"col",children:"Status"}),e("th",{scope:"col",children:"Answer"}),e("th",{scope:"col",children:"When"}),e("th",{scope:"col",children:e("span",{class:"visually-hidden",children:"Actions"})})]})}),e("tbody",{children:a.deliveries.items.map(s=>e("tr",{children:[e("td",{children:[s.eventType,s.redeliveryOf?e("span",{class:"muted",children:" (redelivery)"}):null]}),e("td",{children:[s.status," ",e("span",{class:"muted",children:["· ",s.attempts," attempts"]})]}),e("td",{children:s.responseCode!=null?`${s.responseCode}${s.durationMs!=null?` in ${s.durationMs} ms`:""}`:s.error??"—"}),e("td",{children:ee(s.deliveredAt??s.createdAt)}),e("td",{children:e("button",{type:"button",disabled:i.busy,"aria-label":`Redeliver ${s.eventType} of ${ee(s.createdAt)}`,onClick:()=>i.run(async()=>(await h(Pt,{org:n,webhook:t,delivery:s.id}),r.reload())),children:"Redeliver"})})]},s.id))})]})})]})}})]})}var re=encodeURIComponent,K={sites:n=>`/app/o/${re(n)}/sites`,site:(n,t)=>`/app/o/${re(n)}/sites/${re(t)}`,members:n=>`/app/o/${re(n)}/admin/members`,teams:n=>`/app/o/${re(n)}/admin/teams`,fields:n=>`/app/o/${re(n)}/admin/custom-fields`,webhooks:n=>`/app/o/${re(n)}/admin/webhooks`,webhook:(n,t)=>`/app/o/${re(n)}/admin/webhooks/${re(t)}`,saml:n=>`/app/o/${re(n)}/admin/saml`,account:n=>`/app/o/${re(n)}/account`};var Vi=[["members",K.members,"Members"],["teams",K.teams,"Teams"],["custom-fields",K.fields,"Custom fields"],["webhooks",K.webhooks,"Webhooks"],["saml",K.saml,"SAML"]];function te({org:n,current:t}){return e("nav",{"aria-label":"Administration",class:"tabs",children:e("ul",{children:Vi.map(([r,i,o])=>e("li",{children:e("a",{href:i(n),"aria-current":r===t?"page":void 0,children:o})},r))})})}function Dr({org:n,rest:t}){let r=t.split("/").map(i=>decodeURIComponent(i));switch(r[0]){case"sites":return r[1]?e(Ve,{org:n,site:r[1]}):e(wr,{org:n});case"account":return e(kr,{});case"admin":switch(r[1]){case"members":case void 0:return e($r,{org:n});case"teams":return e(Ir,{org:n});case"custom-fields":return e(_r,{org:n});case"webhooks":return r[2]?e(Pr,{org:n,id:r[2]}):e(Ar,{org:n});case"saml":return e(Cr,{org:n})}}return e(f,{children:[e("h1",{children:"Not found"}),e("p",{children:"There is no such screen."})]})}function ee(n){if(!n)return"—";let t=new Date(n);return isNaN(t.getTime())?n:t.toLocaleString()}var Re=[["","Guest"],["read","Read"],["comment","Comment"],["review","Review"],["edit","Edit"],["create","Create"],["admin","Admin"]];var Tr=In({data:null,reload:async()=>{}});function Mr(){return Un(Tr)}function Lr({org:n,parent:t,collections:r,spaces:i,current:o}){let a=r.filter(l=>(l.parent??null)===t),s=i.filter(l=>(l.parent??null)===t);return!a.length&&!s.length?null:e("ul",{class:"tree",children:[a.map(l=>e("li",{children:[e("a",{href:w.collection(n,l.id),class:"collection","aria-current":o===l.id?"page":void 0,children:[e("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),e(Lr,{org:n,parent:l.id,collections:r,spaces:i,current:o})]},l.id)),s.map(l=>e("li",{children:e("a",{href:w.space(n,l.id),"aria-current":o===l.id?"page":void 0,children:[l.emoji?e("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function qr({org:n,current:t,children:r}){let i=k(Qt,{org:n}),[o,a]=b(!1),[s,l]=b(!1);E(()=>{let m=g=>{let u=g.target,y=u&&(u.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(u.tagName));(g.key==="k"&&(g.ctrlKey||g.metaKey)||g.key==="/"&&!y&&!g.ctrlKey&&!g.metaKey&&!g.altKey)&&(g.preventDefault(),a(!0))};return document.addEventListener("keydown",m),()=>document.removeEventListener("keydown",m)},[]),E(()=>l(!1),[t,n]);let d=i.data,c=d?.organization,p=sn(n);return e(Tr.Provider,{value:{data:d,reload:i.reload},children:[e("a",{class:"skip",href:"#main",children:"Skip to content"}),e("header",{class:"top",children:[e("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[e("span",{"aria-hidden":"true",children:"☰"}),e("span",{class:"visually-hidden",children:"Spaces"})]}),e("a",{class:"brand",href:w.org(n),children:"Folio"}),d&&e("select",{"aria-label":"Organization",value:n,onChange:m=>U(w.org(m.target.value)),children:d.organizations.items.map(m=>e("option",{value:m.id,children:m.title},m.id))}),e("button",{type:"button",class:"search-button",onClick:()=>a(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",e("kbd",{children:"/"})]}),e("span",{class:"spacer"}),d&&e("a",{class:"account",href:"/account",title:d.viewer.email??void 0,children:d.viewer.displayName})]}),e("div",{class:"frame",children:[e("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[i.error&&!d&&e("p",{class:"notice error",role:"alert",children:i.error.message}),p.length>0&&e("section",{"aria-labelledby":"recent-h",children:[e("h2",{id:"recent-h",children:"Recent"}),e("ul",{class:"tree",children:p.map(m=>e("li",{children:e("a",{href:w.space(n,m.id),children:[m.emoji?e("span",{"aria-hidden":"true",children:[m.emoji," "]}):null,m.title||"Untitled space"]})},m.id))})]}),c&&e("section",{"aria-labelledby":"tree-h",children:[e("h2",{id:"tree-h",children:c.title}),e(Lr,{org:n,parent:null,collections:c.collections.items,spaces:c.spaces.items,current:t}),!c.collections.items.length&&!c.spaces.items.length&&e("p",{class:"muted",children:"No spaces yet."})]}),e("section",{"aria-labelledby":"manage-h",children:[e("h2",{id:"manage-h",children:"Manage"}),e("ul",{class:"tree",children:[e("li",{children:e("a",{href:K.sites(n),children:"Sites"})}),e("li",{children:e("a",{href:K.members(n),children:"Administration"})}),e("li",{children:e("a",{href:K.account(n),children:"Your tokens and invitations"})})]})]})]}),e("main",{id:"main",tabIndex:-1,children:r})]}),o&&e(br,{org:n,onClose:()=>a(!1)})]})}function ye({pages:n,href:t,current:r,label:i}){return e("nav",{class:"pages","aria-label":i,children:e(Or,{pages:n,href:t,current:r})})}function Or({pages:n,href:t,current:r}){return n.length?e("ul",{children:n.map(i=>e("li",{children:[i.type==="group"?e("span",{class:"group",children:i.title}):e("a",{href:t(i.id),"aria-current":r===i.id?"page":void 0,children:[i.emoji?e("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled"]}),i.pages&&e(Or,{pages:i.pages,href:t,current:r})]},i.id))}):null}function un(n){for(let t of n){if(t.type==="document")return t;let r=t.pages&&un(t.pages);if(r)return r}}function Vr({org:n,space:t,number:r,page:i}){let o=k(Qn,{space:t,number:r});return e($,{q:o,children:a=>{let s=a.space?.changeRequest;return!a.space||!s?e("h1",{children:"No such change request"}):e("div",{class:"reader",children:[e(ye,{label:"Pages in this change request",pages:s.content.pages,href:l=>w.changeRequest(n,t,s.number,l),current:i}),e("article",{children:[e("p",{class:"crumb",children:[e("a",{href:w.space(n,t),children:a.space.title})," · change request #",s.number]}),e("h1",{children:s.subject||"Untitled change request"}),e("p",{children:[e("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),e("p",{children:e("a",{class:"review-link",href:w.review(n,t,s.number),children:"Review the changes, discuss and merge"})}),(s.status==="open"||s.status==="draft")&&e("p",{children:e("a",{class:"button primary",href:w.edit(n,t,s.number,i),children:"Edit pages"})})]})]})}})}function Er({org:n,id:t}){let r=k(Jn,{id:t});return e($,{q:r,children:i=>i.collection?e(f,{children:[e("h1",{children:i.collection.title}),i.collection.description&&e("p",{class:"lead",children:i.collection.description}),e("ul",{class:"cards",children:[i.collection.collections.items.map(o=>e("li",{children:e("a",{href:w.collection(n,o.id),children:o.title})},o.id)),i.collection.spaces.items.map(o=>e("li",{children:e("a",{href:w.space(n,o.id),children:[o.emoji?e("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]})},o.id))]})]}):e("h1",{children:"No such collection"})})}var pn=(n,t,r)=>`folio.draft.${n}.${t}.${r}`;function Nr(n,t,r){try{let i=JSON.parse(localStorage.getItem(pn(n,t,r))??"null");return i&&typeof i.markdown=="string"&&typeof i.title=="string"?i:null}catch{return null}}function Ur(n,t,r,i){try{localStorage.setItem(pn(n,t,r),JSON.stringify(i))}catch{}}function he(n,t,r){try{localStorage.removeItem(pn(n,t,r))}catch{}}function be({id:n,error:t,field:r}){let i=t?.forField(r);return e("span",{id:n,class:"field-error",role:i?"alert":void 0,children:i??""})}function Fr(n,t=null,r=0,i=[]){return n.forEach((o,a)=>{i.push({id:o.id,title:o.title,type:o.type,parent:t,index:a,depth:r,siblings:n.length}),o.pages&&Fr(o.pages,o.id,r+1,i)}),i}function Ee(n){return n instanceof A?n:new A([{message:String(n)}])}function zr({org:n,space:t,number:r,page:i}){let o=k(ft,{space:t,number:r,page:i??"",withPage:!!i}),[a,s]=b(null),[l,d]=b(null),[c,p]=b(!1),m=o.data?.space?.changeRequest;E(()=>{m&&s(m.revision)},[m?.revision]);let g=Le(()=>m?Fr(m.content.pages):[],[m]),u=async x=>{let L=await h(bt,{space:t,cr:r,input:{changes:x,baseRevision:a}});return s(L.updateChangeRequestContent.changeRequest.revision),L.updateChangeRequestContent},y=async(x,L)=>{p(!0);try{let V=await u(x);d(null),L?.(V),await o.reload()}catch(V){d(Ee(V))}finally{p(!1)}},[_,v]=b(""),C=(x,L="Untitled")=>y([{operation:"insert_page",ref:"new",title:L,into:x,document:{markdown:""}}],V=>{v("");let Y=V.changes.find(F=>F.ref==="new")?.page;Y?.id&&U(w.edit(n,t,r,Y.id))}),R=(x,L,V)=>y([{operation:"update_page",page:x,into:L,at:V}]),N=x=>{confirm(`Delete “${x.title}” and its subpages from this change request?`)&&y([{operation:"delete_page",page:x.id}],()=>{he(t,r,x.id),i===x.id&&U(w.edit(n,t,r),!0)})};return e($,{q:o,children:x=>{let L=x.space,V=L?.changeRequest;if(!L||!V)return e("h1",{children:"No such change request"});let Y=g.find(F=>F.id===i);return e("div",{class:"editor-screen",children:[e("p",{class:"crumb",children:[e("a",{href:w.space(n,t),children:L.title})," · ",e("a",{href:w.changeRequest(n,t,V.number),children:["change request #",V.number]})]}),e("h1",{children:["Editing: ",V.subject||"Untitled change request"]}),!L.permissions.edit&&e("p",{class:"notice error",children:"You may read this change request but not edit it."}),L.permissions.edit&&e(Ei,{space:t,cr:V,reload:o.reload},V.id),e("div",{class:"editor-layout",children:[e("section",{class:"edit-tree","aria-labelledby":"edit-tree-h",children:[e("h2",{id:"edit-tree-h",children:"Pages"}),e(Ni,{pages:V.content.pages,flat:g,current:i,href:F=>w.edit(n,t,r,F),onMove:R}),e("form",{class:"add-page",onSubmit:F=>{F.preventDefault(),C(null,_.trim()||"Untitled")},children:[e("label",{for:"new-page-title",children:"New page's title"}),e("input",{id:"new-page-title",value:_,maxLength:256,onInput:F=>v(F.target.value)}),e("button",{type:"submit",disabled:c||!L.permissions.edit,children:"Add page"})]}),e(I,{error:l})]}),i&&V.content.page&&Y?e(Ui,{space:t,number:r,cr:V,page:V.content.page,flat:g,here:Y,base:a??V.revision,edit:u,reload:o.reload,busy:c,onMove:R,onAddChild:()=>C(i),onDelete:()=>N(Y),linkTo:F=>`/pages/${F}`},i):e("p",{class:"muted",children:g.length?"Choose a page to edit, or add one.":"No pages yet: add the first one."})]})]})}})}function Ei({space:n,cr:t,reload:r}){let i=q({id:"cr",initial:{subject:t.subject},submit:async a=>(await h(on,{space:n,number:String(t.number),input:{subject:a.subject}}),await r(),"Saved.")}),o=H();return e("div",{class:"cr-form",children:[e(O,{form:i,submit:"Save subject",label:"Change request",children:e(M,{form:i,name:"subject",label:"Subject of the change request",hint:"What it changes, at most 100 characters."})}),e("p",{children:["Status: ",e("span",{class:"badge "+t.status,children:t.status})," ",t.status==="draft"&&e("button",{type:"button",class:"ready",disabled:o.busy,onClick:()=>o.run(async()=>{await h(on,{space:n,number:String(t.number),input:{status:"open"}}),await r()}),children:"Ready for review"})]}),e(I,{error:o.error})]})}function Ni({pages:n,flat:t,current:r,href:i,onMove:o}){let[a,s]=b(null),l=d=>e("ul",{children:d.map(c=>{let p=t.find(m=>m.id===c.id);return e("li",{draggable:!0,onDragStart:m=>{m.stopPropagation(),s(c.id),m.dataTransfer?.setData("text/plain",c.id)},onDragOver:m=>{a&&a!==c.id&&m.preventDefault()},onDrop:m=>{m.preventDefault(),m.stopPropagation();let g=a??m.dataTransfer?.getData("text/plain");s(null),g&&g!==c.id&&o(g,p.parent,p.index)},class:a===c.id?"dragging":void 0,children:[e("a",{href:i(c.id),"aria-current":r===c.id?"page":void 0,children:c.title||"Untitled"}),c.pages&&c.pages.length>0&&l(c.pages)]},c.id)})});return e("nav",{"aria-label":"Pages of this change request",class:"pages",children:l(n)})}function Ui(n){let{space:t,number:r,page:i,flat:o,here:a}=n,s={title:i.title,markdown:i.markdown??""},l=Nr(t,r,i.id),[d,c]=b(l?.title??s.title),[p,m]=b(l?.markdown??s.markdown),[g,u]=b(s),[y,_]=b(!!l&&(l.title!==s.title||l.markdown!==s.markdown)),[v,C]=b(null),[R,N]=b(null),[x,L]=b(""),[V,Y]=b(!1),[F,ke]=b(""),[ne,ie]=b(null),[Z,Q]=b(!1),Ue=G(null),le=G(null),Fe=G({title:d,text:p});Fe.current={title:d,text:p};let ai=G(n.base);ai.current=n.base;let ze=d!==g.title||p!==g.markdown;E(()=>{ze?Ur(t,r,i.id,{title:d,markdown:p,base:n.base}):he(t,r,i.id)},[d,p,g]),E(()=>{let S=new AbortController,W=setTimeout(async()=>{try{let X=await h(Lt,{markdown:p,space:t},S.signal);ke(X.renderMarkdown),ie(null)}catch(X){S.signal.aborted||ie(Ee(X).message)}},250);return()=>{clearTimeout(W),S.abort()}},[p]);let mn=async S=>{L(`Uploading ${S.map(W=>W.name).join(", ")}…`);try{let W=await Promise.all(S.map(async J=>({name:J.name,contentType:J.type||"application/octet-stream",base64:await ji(J)}))),X=await n.edit([{operation:"insert_files",files:W}]),_e=X.insertedFiles.map(J=>J.contentType.startsWith("image/")?`![${J.name}](/files/${J.id})`:`[${J.name}](/files/${J.id})`).join(`
`);le.current?.insert(_e),L(`Uploaded ${X.insertedFiles.length} file(s) to the space's files.`),C(null)}catch(W){C(Ee(W)),L("")}},je=async(S=!1)=>{let{title:W,text:X}=Fe.current,_e=[],J={operation:"update_page",page:i.id};if(W!==g.title&&(J.title=W),X!==g.markdown&&(J.document={markdown:X}),J.title===void 0&&J.document===void 0){L("Nothing to save.");return}_e.push(J),Y(!0);try{await n.edit(_e),u({title:W,markdown:X}),he(t,r,i.id),_(!1),N(null),C(null),L(S?"Saved over the other changes.":"Saved."),n.reload()}catch(di){let gn=Ee(di),We=gn.code("PRECONDITION");We?(N({pages:We.extensions?.changedPages??[],revision:String(We.extensions?.revision??""),mine:X}),C(null)):C(gn),L("")}finally{Y(!1)}};E(()=>{let S=!1;return import("./chunk-A67NKDTF.js").then(({createEditor:W})=>{S||!Ue.current||(le.current=W(Ue.current,Fe.current.text,{label:"Page content, markdown",onChange:m,onFiles:mn,onSave:()=>je()}))}),()=>{S=!0,le.current?.destroy(),le.current=null}},[i.id]);let He=G(!1),oi=async()=>{he(t,r,i.id),He.current=!0,await n.reload()};E(()=>{if(!He.current)return;He.current=!1;let S=i.markdown??"";c(i.title),m(S),u({title:i.title,markdown:S}),le.current?.set(S),L("Reloaded: this is the change request's version now.")},[i.markdown,i.title]);let si=o.filter(S=>S.parent===a.parent),li=o.filter(S=>S.id!==a.id&&S.type==="document"&&!Fi(o,S.id,a.id));return e("section",{class:"page-editor","aria-labelledby":"page-editor-h",children:[e("h2",{id:"page-editor-h",class:"visually-hidden",children:["Edit ",d||"page"]}),y&&e("div",{class:"notice",role:"status",children:["Unsaved changes from your last visit were restored."," ",e("button",{type:"button",onClick:()=>{c(s.title),m(s.markdown),le.current?.set(s.markdown),he(t,r,i.id),_(!1)},children:"Discard them"})]}),R&&e("div",{class:"notice error",role:"alert",children:[e("p",{children:["Someone else changed this change request since you opened it:"," ",R.pages.length?R.pages.map(S=>`${S.title||S.id} (${S.change})`).join(", "):"its content",". Your text was not saved and is still here."]}),R.pages.some(S=>S.id===i.id)?e("p",{children:"This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs."}):e("p",{children:"This page is not among them: save again to add your change on top of theirs."}),e("p",{class:"actions",children:[e("button",{type:"button",onClick:oi,children:"Reload this page"}),e("button",{type:"button",onClick:()=>je(!0),children:R.pages.some(S=>S.id===i.id)?"Save mine over theirs":"Save again"})]}),e("details",{children:[e("summary",{children:"Your text"}),e("pre",{class:"markdown",children:R.mine})]})]}),e("div",{class:"field",children:[e("label",{for:"page-title",children:"Title"}),e("input",{id:"page-title",value:d,maxLength:256,"aria-invalid":!!v?.forField("title"),"aria-describedby":"page-title-error",onInput:S=>c(S.target.value)}),e(be,{id:"page-title-error",error:v,field:"title"})]}),e("div",{class:"toolbar",role:"toolbar","aria-label":"Page",children:[e("button",{type:"button",class:"primary save",onClick:()=>je(),disabled:V||!ze,"aria-keyshortcuts":"Control+S",children:V?"Saving…":"Save"}),e("span",{class:"status",role:"status",children:ze?"Unsaved changes":x}),e("button",{type:"button",onClick:()=>Q(!Z),"aria-expanded":Z,children:"Link to a page"}),e("label",{class:"file-button",children:["Add files",e("input",{type:"file",multiple:!0,class:"visually-hidden",onChange:S=>{let W=S.target,X=Array.from(W.files??[]);W.value="",X.length&&mn(X)}})]}),e("button",{type:"button",onClick:n.onAddChild,disabled:n.busy,children:"Add subpage"}),e("button",{type:"button",class:"danger",onClick:n.onDelete,disabled:n.busy,children:"Delete page"})]}),Z&&e(zi,{flat:o.filter(S=>S.id!==i.id&&S.type==="document"),onPick:S=>{le.current?.insert(`[${S.title}](${n.linkTo(S.id)})`),Q(!1)}}),e("fieldset",{class:"move",children:[e("legend",{children:"Move"}),e("button",{type:"button",disabled:n.busy||a.index===0,onClick:()=>n.onMove(i.id,a.parent,a.index-1),children:"Up"}),e("button",{type:"button",disabled:n.busy||a.index>=si.length-1,onClick:()=>n.onMove(i.id,a.parent,a.index+1),children:"Down"}),e("label",{for:"move-into",children:"Inside"}),e("select",{id:"move-into",value:a.parent??"",disabled:n.busy,onChange:S=>{let W=S.target.value;n.onMove(i.id,W||null,1e5)},children:[e("option",{value:"",children:"(top level)"}),li.map(S=>e("option",{value:S.id,children:[" ".repeat(S.depth*2),S.title]},S.id))]})]}),v&&!v.forField("title")&&e(I,{error:v}),e("div",{class:"split",children:[e("div",{class:"source",ref:Ue}),e("section",{class:"preview","aria-labelledby":"preview-h",children:[e("h3",{id:"preview-h",children:"Preview"}),ne?e("p",{class:"notice error",children:ne}):e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:F}})]})]})]})}function Fi(n,t,r){for(let i=n.find(o=>o.id===t);i;i=i.parent?n.find(o=>o.id===i.parent):void 0)if(i.id===r)return!0;return!1}function zi({flat:n,onPick:t}){let[r,i]=b(""),o=n.filter(a=>a.title.toLowerCase().includes(r.trim().toLowerCase())).slice(0,8);return e("div",{class:"linker",children:[e("label",{for:"link-search",children:"Page title"}),e("input",{id:"link-search",type:"search",autoFocus:!0,value:r,onInput:a=>i(a.target.value),onKeyDown:a=>{a.key==="Enter"&&o[0]&&(a.preventDefault(),t(o[0]))}}),e("ul",{children:[o.map(a=>e("li",{children:e("button",{type:"button",onClick:()=>t(a),children:a.title})},a.id)),!o.length&&e("li",{class:"muted",children:"No page has that title."})]})]})}function ji(n){return new Promise((t,r)=>{let i=new FileReader;i.onload=()=>t(String(i.result).replace(/^data:[^,]*,/,"")),i.onerror=()=>r(new Error(`${n.name} could not be read`)),i.readAsDataURL(n)})}function jr({org:n}){let t=k(xt,{org:n});return e($,{q:t,children:r=>r.organization?e(f,{children:[e("h1",{children:r.organization.title}),r.organization.permissions.createContent&&e(Wi,{org:n}),e(Hi,{org:n,o:r.organization})]}):e("h1",{children:"No such organization"})})}function Hi({org:n,o:t}){let r=me(t.spaces,async o=>(await h(Ct,{org:n,page:o})).organization.spaces),i=me(t.changeRequests,async o=>(await h($t,{org:n,page:o})).organization.changeRequests);return e(f,{children:[e("section",{"aria-labelledby":"spaces-h",children:[e("h2",{id:"spaces-h",children:["Spaces (",t.spaces.count,")"]}),e("ul",{class:"cards",children:r.items.map(o=>e("li",{children:[e("a",{href:w.space(n,o.id),children:[o.emoji?e("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]}),o.changeRequestsOpen>0&&e("span",{class:"muted",children:[" · ",o.changeRequestsOpen," open change requests"]})]},o.id))}),e(ge,{list:r,what:"spaces",count:t.spaces.count})]}),i.items.length>0&&e("section",{"aria-labelledby":"cr-h",children:[e("h2",{id:"cr-h",children:"Open change requests"}),e("ul",{children:i.items.map(o=>e("li",{children:[e("a",{href:ae(o.urls.app),children:["#",o.number," ",o.subject||"Untitled change request"]})," ",e("span",{class:"muted",children:o.status})]},o.id))}),e(ge,{list:i,what:"change requests"})]})]})}function Wi({org:n}){let t=Mr(),[r,i]=b(""),[o,a]=b(null),[s,l]=b(!1);return e("form",{class:"inline-form",onSubmit:async d=>{d.preventDefault(),l(!0);try{let c=await h(rt,{org:n,input:{title:r.trim()}});a(null),await t.reload(),U(ae(c.createSpace.urls.app))}catch(c){a(c instanceof A?c:new A([{message:String(c)}]))}finally{l(!1)}},children:[e("label",{for:"new-space-title",children:"New space"}),e("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!o?.forField("title"),"aria-describedby":"new-space-title-error",onInput:d=>i(d.target.value)}),e("button",{type:"submit",disabled:s,children:"Create space"}),e(be,{id:"new-space-title-error",error:o,field:"title"}),o&&!o.forField("title")&&e(I,{error:o})]})}function Hr({org:n,slug:t}){let r=k(_t,{org:n,slug:t});return e($,{q:r,children:i=>{let o=i.organization?.openAPISpec;return o?e(f,{children:[e("h1",{children:["OpenAPI: ",o.slug]}),e("dl",{children:[e("dt",{children:"State"}),e("dd",{children:o.processingState}),e("dt",{children:"Updated"}),e("dd",{children:new Date(o.updatedAt).toLocaleString()}),o.sourceURL&&e(f,{children:[e("dt",{children:"Source"}),e("dd",{children:o.sourceURL})]}),e("dt",{children:"Errors"}),e("dd",{children:o.lastProcessedErrorCount})]})]}):e("h1",{children:"No such OpenAPI specification"})}})}function cn(n,t,r,i){let o=JSON.stringify(t),a=G({onResult:r,onReconnect:i});a.current={onResult:r,onReconnect:i},E(()=>{let s=null,l,d=!1,c=0,p=()=>{let m="/graphql?"+new URLSearchParams({query:n.document,operationName:n.name,variables:o}).toString();s=new EventSource(m,{withCredentials:!0}),c++>0&&a.current.onReconnect?.(),s.addEventListener("next",u=>{try{let y=JSON.parse(u.data);y.data&&a.current.onResult(y.data)}catch{}});let g=()=>{s?.close(),d||(l=window.setTimeout(p,2e3))};s.addEventListener("complete",g),s.onerror=g};return p(),()=>{d=!0,window.clearTimeout(l),s?.close()}},[n,o])}function Ne({title:n,diff:t}){if(t.hunks.length===0)return null;let r=t;return e("div",{class:"diff-scroll",tabIndex:0,role:"region","aria-label":`Line diff of ${n}`,children:e("table",{class:"diff",children:[e("caption",{class:"visually-hidden",children:["Line diff of ",n,": old line, new line, text"]}),e("thead",{class:"visually-hidden",children:e("tr",{children:[e("th",{scope:"col",children:"Old line"}),e("th",{scope:"col",children:"New line"}),e("th",{scope:"col",children:"Text"})]})}),r.hunks.map((i,o)=>e("tbody",{children:[e("tr",{class:"hunk",children:e("td",{colSpan:3,children:["@@ −",i.oldStart,",",i.oldLines," +",i.newStart,",",i.newLines," @@"]})}),i.lines.map((a,s)=>e("tr",{class:"line "+a.kind,children:[e("td",{class:"num",children:a.oldNumber??""}),e("td",{class:"num",children:a.newNumber??""}),e("td",{class:"text",children:[e("span",{class:"sign","aria-label":a.kind==="context"?void 0:a.kind,children:a.kind==="added"?"+":a.kind==="removed"?"−":" "}),a.text]})]},s))]},o))]})})}var Bi=["👍","🎉","❤️"];function we(n){return n instanceof A?n:new A([{message:String(n)}])}function Wr({org:n,space:t,number:r}){let i=k(Ft,{space:t,number:r}),[o,a]=b(""),s=G({running:!1,again:!1}),l=async d=>{a(d);let c=s.current;if(c.running){c.again=!0;return}c.running=!0;try{do c.again=!1,await i.reload();while(c.again)}finally{c.running=!1}};return cn(qt,{space:t,number:r},()=>l("The change request changed: updated."),()=>l("")),cn(Ot,{space:t,number:r},d=>l(d.commentsChanged.kind.startsWith("reply")?"A reply changed: updated.":"A comment changed: updated.")),e("div",{class:"review",children:e($,{q:i,children:d=>{let c=d.space?.changeRequest;if(!d.space||!c)return e("h1",{children:"No such change request"});let p={space:t,number:r,viewer:d.viewer.id,canComment:d.space.permissions.comment,reload:i.reload},m=c.commentList.items.filter(y=>!y.target.page),g=y=>c.commentList.items.filter(_=>_.target.page?.id===y),u=c.status==="draft"||c.status==="open";return e(f,{children:[e("p",{class:"crumb",children:[e("a",{href:w.space(n,t),children:d.space.title})," · ",e("a",{href:w.changeRequest(n,t,c.number),children:["change request #",c.number]})]}),e("h1",{children:["Review: ",c.subject||"Untitled change request"]}),e("p",{children:[e("span",{class:"badge "+c.status,children:c.status})," by ",c.createdBy.displayName,", updated"," ",e("time",{dateTime:c.updatedAt,children:new Date(c.updatedAt).toLocaleString()}),c.outdated&&u&&" · the space has moved on since it started"]}),e("p",{class:"live-status muted",role:"status","aria-live":"polite",children:o}),e(I,{error:i.error,onRetry:i.reload}),u&&d.space.permissions.merge&&e(Qi,{ctx:p},c.revision),e("section",{"aria-labelledby":"review-changes",children:[e("h2",{id:"review-changes",children:["Changes ",e("span",{class:"muted",children:["(",c.pageChanges.length===1?"1 page":`${c.pageChanges.length} pages`,")"]})]}),c.pageChanges.length===0&&e("p",{class:"muted",children:"This change request changes no page yet."}),c.pageChanges.map(y=>e(Gi,{change:y,threads:g(y.id),ctx:p},y.id))]}),e("section",{"aria-labelledby":"review-discussion",children:[e("h2",{id:"review-discussion",children:"Discussion"}),m.length===0&&e("p",{class:"muted",children:"No comments yet."}),e("ol",{class:"threads",children:m.map(y=>e(Kr,{thread:y,ctx:p},y.id))}),p.canComment&&e(Gr,{ctx:p,label:"Comment on the change request",id:"comment-cr"})]})]})}})})}var Br={added:"added",changed:"changed",moved:"moved",removed:"removed"};function Gi({change:n,threads:t,ctx:r}){let i=n.diff,o="change-"+n.id;return e("article",{class:"page-change","aria-labelledby":o,children:[e("h3",{id:o,children:[e("span",{class:"badge kind-"+n.kind,children:Br[n.kind]})," ",n.title," ",e("span",{class:"muted path",children:["/",n.path,n.previousPath!=null&&` (was /${n.previousPath})`]})]}),e("p",{class:"muted",children:[i.added," ",i.added===1?"line":"lines"," added, ",i.removed," removed"]}),e(Ne,{title:n.title,diff:i}),i.truncated&&e("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."}),t.length>0&&e("ol",{class:"threads",children:t.map(a=>e(Kr,{thread:a,ctx:r},a.id))}),r.canComment&&n.kind!=="removed"&&e(Gr,{ctx:r,page:n.id,label:`Comment on ${n.title}`,id:"comment-"+n.id})]})}function Gr({ctx:n,page:t,label:r,id:i}){let[o,a]=b(""),[s,l]=b(!1),[d,c]=b(null);return e("form",{class:"comment-form",onSubmit:async m=>{m.preventDefault(),l(!0);try{await h(Nt,{space:n.space,number:n.number,page:t??null,markdown:o}),a(""),c(null),await n.reload()}catch(g){c(we(g))}finally{l(!1)}},children:[e("label",{for:i,children:r}),e("textarea",{id:i,rows:3,value:o,onInput:m=>a(m.target.value),"aria-describedby":i+"-error",required:!0}),e(be,{id:i+"-error",error:d,field:"markdown"}),d&&!d.forField("markdown")&&e(I,{error:d}),e("button",{type:"submit",class:"primary",disabled:s||!o.trim(),children:t?"Comment on page":"Comment"})]})}function Kr({thread:n,ctx:t}){let[r,i]=b(null),[o,a]=b(""),[s,l]=b(!1),d=async m=>{l(!0);try{await m(),i(null),await t.reload()}catch(g){i(we(g))}finally{l(!1)}},c=n.status==="resolved",p="reply-"+n.id;return e("li",{class:"thread "+n.status,"aria-label":`Comment by ${n.postedBy.displayName}`,children:[e(Qr,{who:n.postedBy.displayName,at:n.postedAt,markdown:n.body.markdown??""}),c&&e("p",{class:"muted",children:"Resolved"}),e("div",{class:"actions",children:[e(Jr,{reactions:n.reactions,ctx:t,busy:s,onToggle:(m,g)=>d(()=>h(an,{space:t.space,number:t.number,comment:n.id,input:g?{removedReactions:[m]}:{addedReactions:[m]}}))}),t.canComment&&e("button",{type:"button",disabled:s,onClick:()=>d(()=>h(an,{space:t.space,number:t.number,comment:n.id,input:{resolved:!c}})),children:c?"Reopen":"Resolve"})]}),e(I,{error:r}),n.replyList.items.length>0&&e("ol",{class:"replies",children:n.replyList.items.map(m=>e(Ki,{reply:m,thread:n.id,ctx:t},m.id))}),n.permissions.reply&&e("form",{class:"reply-form",onSubmit:m=>{m.preventDefault(),d(async()=>{await h(Ut,{space:t.space,number:t.number,comment:n.id,markdown:o}),a("")})},children:[e("label",{for:p,children:["Reply to ",n.postedBy.displayName]}),e("textarea",{id:p,rows:2,value:o,onInput:m=>a(m.target.value),required:!0}),e("button",{type:"submit",disabled:s||!o.trim(),children:"Reply"})]})]})}function Ki({reply:n,thread:t,ctx:r}){let[i,o]=b(null),[a,s]=b(!1);return e("li",{class:"reply",children:[e(Qr,{who:n.postedBy.displayName,at:n.postedAt,markdown:n.body.markdown??""}),e(Jr,{reactions:n.reactions,ctx:r,busy:a,onToggle:async(l,d)=>{s(!0);try{await h(zt,{space:r.space,number:r.number,comment:t,reply:n.id,input:d?{removedReactions:[l]}:{addedReactions:[l]}}),o(null),await r.reload()}catch(c){o(we(c))}finally{s(!1)}}}),e(I,{error:i})]})}function Qr({who:n,at:t,markdown:r}){return e(f,{children:[e("p",{class:"byline",children:[e("strong",{children:n})," ",e("time",{dateTime:t,children:new Date(t).toLocaleString()})]}),e("p",{class:"body",children:r})]})}function Jr({reactions:n,ctx:t,busy:r,onToggle:i}){if(!t.canComment&&n.length===0)return null;let o=[...n.map(a=>a.emoji),...Bi.filter(a=>!n.some(s=>s.emoji===a))];return e("span",{class:"reactions",children:o.map(a=>{let s=n.find(c=>c.emoji===a),l=!!s?.users.some(c=>c.user.id===t.viewer),d=s?.count??0;return e("button",{type:"button",class:"reaction"+(l?" mine":""),"aria-pressed":l,"aria-label":`${a} ${d} ${l?"(yours: remove)":"(add)"}`,disabled:r||!t.canComment,onClick:()=>i(a,l),children:[a," ",d>0?d:""]},a)})})}function Qi({ctx:n}){let[t,r]=b(null),[i,o]=b(null),[a,s]=b(!1),[l,d]=b(""),c=async()=>{s(!0);try{let m=await h(Et,{space:n.space,number:n.number});r(m.previewMerge),o(null)}catch(m){o(we(m))}finally{s(!1)}},p=async()=>{if(t){s(!0);try{let m=await h(Vt,{space:n.space,number:n.number,base:t.changeRequestRevision});d(m.mergeChangeRequest.revision),o(null),await n.reload()}catch(m){let g=we(m);o(g),(g.code("PRECONDITION")||g.code("CONFLICT"))&&r(null)}finally{s(!1)}}};return e("section",{class:"merge-panel","aria-labelledby":"review-merge",children:[e("h2",{id:"review-merge",children:"Merge"}),l&&e("p",{role:"status",children:["Merged: the space is now at revision ",l,"."]}),!t&&!l&&e("button",{type:"button",class:"primary preview-merge",disabled:a,onClick:c,children:"Preview the merge"}),e(I,{error:i}),i?.code("PRECONDITION")&&e("p",{children:"The change request was edited after the preview: preview the merge again to see what it would do now."}),t&&!l&&e("div",{class:"merge-preview",children:[e("p",{children:[t.fastForward?"The space has not moved since this change request started: ":"The space has moved on: a three-way merge, ",t.changes.length===0?"the merge changes no page.":`the merge would change ${t.changes.length===1?"1 page":`${t.changes.length} pages`}:`]}),t.changes.length>0&&e("ul",{class:"merge-changes",children:t.changes.map(m=>e("li",{children:[e("span",{class:"badge kind-"+m.kind,children:Br[m.kind]})," ",m.title," ",e("span",{class:"muted",children:["/",m.path]}),m.previousPath!=null&&e("span",{class:"muted",children:[" (was /",m.previousPath,")"]})]},m.id))}),t.conflicts.length>0&&e("div",{class:"notice error conflicts",role:"alert",children:[e("p",{children:[e("strong",{children:t.conflicts.length===1?"1 conflict":`${t.conflicts.length} conflicts`}),": the merge cannot go ahead."]}),e("ul",{children:t.conflicts.map(m=>e("li",{children:[e("strong",{children:m.title}),m.path!=null&&e("span",{children:[" (/",m.path,")"]}),": ",m.message]},m.id))})]}),t.problem&&e("div",{class:"notice error",role:"alert",children:e("p",{children:t.problem})}),e("p",{class:"merge-buttons",children:[e("button",{type:"button",class:"primary do-merge",disabled:a||!t.mergeable,onClick:p,children:"Merge into the space"})," ",e("button",{type:"button",disabled:a,onClick:c,children:"Preview again"})]})]})]})}function Yr({org:n,space:t,revision:r,page:i}){let o=k(jt,{space:t,revision:r,page:i??"",withPage:!!i});return e($,{q:o,children:a=>{let s=a.space?.revisionById;return!a.space||!s?e("h1",{children:"No such revision"}):e("div",{class:"reader",children:[e(ye,{label:"Pages in this revision",pages:s.pages,href:l=>w.revision(n,t,s.id,l),current:i}),e("article",{children:[e("p",{class:"crumb",children:[e("a",{href:w.space(n,t),children:a.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?e(f,{children:[e("h1",{children:s.page.title}),e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:s.page.html??""}})]}):e("h1",{children:["Revision ",s.id]})]})]})}})}var Xr={added:"added",changed:"changed",moved:"moved",removed:"removed"};function Zr(n){return n.mergedFrom?`Merged #${n.mergedFrom.number}${n.mergedFrom.subject?": "+n.mergedFrom.subject:""}`:n.type==="merge"?"Merge":"Edits"}function Ji(n){if(n.length===0)return"no page changed";let t=new Map;for(let r of n)t.set(r.kind,(t.get(r.kind)??0)+1);return[...t].map(([r,i])=>`${i} ${Xr[r]??r}`).join(", ")}function ei({org:n,space:t,revision:r}){let[i,o]=b([]),a=i.length>0?i[i.length-1]:null,s=k(vt,{space:t,after:a,revision:r??"",withRevision:!!r});return e($,{q:s,children:l=>{let d=l.space;if(!d)return e("h1",{children:"No such space"});let c=d.history;return e("div",{class:"history",children:[e("nav",{class:"history-list","aria-label":"Revisions",children:[e("p",{class:"crumb",children:e("a",{href:w.space(n,d.id),children:d.title||"Untitled space"})}),e("h1",{children:"History"}),e("ol",{children:c.items.map(p=>e("li",{children:e("a",{href:w.history(n,d.id,p.id),"aria-current":p.id===r?"page":void 0,children:[e("span",{class:"what",children:Zr(p)}),e("span",{class:"muted",children:[new Date(p.createdAt).toLocaleString(),p.author?` · ${p.author.displayName}`:""," · ",Ji(p.changes)]})]})},p.id))}),c.items.length===0&&e("p",{class:"muted",children:"No revisions."}),e("div",{class:"history-pager",children:[i.length>0&&e("button",{type:"button",onClick:()=>o(i.slice(0,-1)),children:"Newer"}),c.next&&e("button",{type:"button",onClick:()=>o([...i,c.next]),children:"Older"})]})]}),e("section",{class:"history-detail","aria-label":"Changes of the revision",children:d.revisionById?e(Yi,{org:n,space:d.id,r:d.revisionById}):e("p",{class:"muted",children:"Choose a revision to see its changes."})})]})}})}function Yi({org:n,space:t,r}){return e(f,{children:[e("h2",{children:Zr(r)}),e("p",{class:"muted",children:[new Date(r.createdAt).toLocaleString(),r.author?` · by ${r.author.displayName}`:""," · ",e("a",{href:w.revision(n,t,r.id),children:"Read this revision"})]}),r.changes.length===0&&e("p",{children:"This revision changed no page."}),r.changes.map(i=>{let o="change-"+i.id;return e("article",{class:"page-change","aria-labelledby":o,children:[e("h3",{id:o,children:[e("span",{class:"badge kind-"+i.kind,children:Xr[i.kind]})," ",i.title," ",e("span",{class:"muted path",children:["/",i.path,i.previousPath!=null&&` (was /${i.previousPath})`]})]}),e("p",{class:"muted",children:[i.diff.added," ",i.diff.added===1?"line":"lines"," added, ",i.diff.removed," removed"]}),e(Ne,{title:i.title,diff:i.diff}),i.diff.truncated&&e("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."})]},i.id)})]})}function ni({org:n,site:t,preview:r}){let i=k(Yt,{org:n,site:t});return e($,{q:i,children:o=>{let a=o.organization?.site;return a?e(f,{children:[e("h1",{children:[a.title,r?" (preview)":""]}),e("p",{children:[a.published?"Published":"Not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]}),e("ul",{children:[a.urls.published&&e("li",{children:e("a",{href:a.urls.published,children:"Open the published site"})}),e("li",{children:e("a",{href:a.urls.preview,children:"Preview"})})]})]}):e("h1",{children:"No such site"})}})}function ti({org:n,space:t,page:r}){let i=k(Zt,{org:n,space:t,page:r??"",withPage:!!r}),[o,a]=b(null),[s,l]=b(!1),d=i.data?.space;return E(()=>{d&&hr(n,{id:d.id,title:d.title,emoji:d.emoji})},[d?.id]),e($,{q:i,children:c=>{let p=c.space;if(!p)return e("h1",{children:"No such space"});let m=un(p.revision.pages),g=p.revision.page,u=c.organization?.changeRequests.items.find(v=>v.createdBy.id===c.viewer.id),y=async()=>{if(u){U(w.edit(n,t,u.number,r));return}l(!0);try{let v=await h(Yn,{space:t,subject:null});U(w.edit(n,t,v.createChangeRequest.number,r))}catch(v){a(v instanceof A?v:new A([{message:String(v)}]))}finally{l(!1)}},_=e(f,{children:[p.emoji?e("span",{"aria-hidden":"true",children:[p.emoji," "]}):null,p.title||"Untitled space"]});return e("div",{class:"reader",children:[e(ye,{label:"Pages",pages:p.revision.pages,href:v=>w.page(n,p.id,v),current:r??m?.id}),e("article",{children:[e("div",{class:"space-bar",children:[g?e("p",{class:"crumb",children:_}):e("h1",{children:_}),p.permissions.edit&&e("button",{type:"button",class:"primary edit",onClick:y,disabled:s,children:u?`Edit (continue #${u.number})`:"Edit"}),e("a",{href:w.history(n,p.id),children:"History"}),p.urls.published&&e("a",{href:p.urls.published,children:"Published site"})]}),e(I,{error:o}),g?e(f,{children:[e("h1",{children:g.title}),g.description&&e("p",{class:"lead",children:g.description}),e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:g.html??""}})]}):m?e("p",{children:e("a",{href:w.page(n,p.id,m.id),children:["Read ",m.title]})}):e("p",{class:"muted",children:["This space has no pages yet",p.permissions.edit?": Edit to write the first one.":"."]})]})]})}})}function Xi(n){switch(n.kind){case"changeRequest":return`Change request #${n.number} · Folio`;case"review":return`Review #${n.number} · Folio`;case"history":return"History · Folio";case"edit":return`Editing change request #${n.number} · Folio`;case"site":return"Site · Folio";case"manage":return n.rest.startsWith("sites")?"Sites · Folio":n.rest.startsWith("account")?"Your account · Folio":"Administration · Folio";case"openapi":return`OpenAPI ${n.slug} · Folio`;default:return"Folio"}}function Zi({route:n}){switch(n.kind){case"org":return e(jr,{org:n.org});case"collection":return e(Er,{org:n.org,id:n.id});case"space":return e(ti,{org:n.org,space:n.space,page:n.page});case"revision":return e(Yr,{org:n.org,space:n.space,revision:n.revision,page:n.page});case"history":return e(ei,{org:n.org,space:n.space,revision:n.revision});case"changeRequest":return e(Vr,{org:n.org,space:n.space,number:n.number,page:n.page});case"review":return e(Wr,{org:n.org,space:n.space,number:n.number});case"edit":return e(zr,{org:n.org,space:n.space,number:n.number,page:n.page});case"site":return n.preview?e(ni,{org:n.org,site:n.site,preview:!0}):e(Ve,{org:n.org,site:n.site});case"manage":return e(Dr,{org:n.org,rest:n.rest});case"openapi":return e(Hr,{org:n.org,slug:n.slug});default:return null}}function ea(){let n=k(er,{}),t=n.data?.organizations.items[0];return E(()=>{t&&U(w.org(t.id),!0)},[t?.id]),e("main",{id:"main",class:"start",children:e($,{q:n,children:r=>r.organizations.items.length?e("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):e(f,{children:[e("h1",{children:["Welcome, ",r.viewer.displayName]}),e("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",e("a",{href:"/account",children:"account page"}),"."]})]})})})}function ri(){let n=gr();if(E(()=>{document.title=Xi(n),document.getElementById("main")?.focus({preventScroll:!0})},[n]),n.kind==="start")return e(ea,{});if(n.kind==="notFound")return e("main",{id:"main",class:"start",children:[e("h1",{children:"Not found"}),e("p",{children:["The app has no page at ",n.path,". ",e("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let t=n.kind==="space"||n.kind==="revision"||n.kind==="history"||n.kind==="changeRequest"||n.kind==="edit"?n.space:n.kind==="collection"?n.id:void 0;return e(qr,{org:n.org,current:t,children:e(Zi,{route:n})})}mr();var ii=document.getElementById("app");ii.replaceChildren();Cn(e(ri,{}),ii);
