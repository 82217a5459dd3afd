var P,cn,Yr,ae,We,Ie,mn,we,gn,Be,je,yn,be=Symbol.for("pv"),Ae={},Pe=[],Xr=/^m(i|n|o|s|text|space)$/,He=Array.isArray,bn=Pe.slice,ue=Object.assign;function de(n){n&&n.parentNode&&n.remove()}function xe(n,t,r,i,o){var a={type:n,props:t,key:r,ref:i,__k:null,__:null,__b:0,__e:null,__c:null,constructor:be,__v:o||++cn,__i:-1,__u:0};return!o&&P.vnode&&P.vnode(a),a}function f(n){return n.children}function $e(n,t){this.props=n,this.context=t,this.__g=0}function oe(n,t){if(t==null)return n.__&&oe(n.__,n.__i+1);for(var r;t<n.__k.length;t++)if((r=n.__k[t])&&r.__e)return r.__e;return typeof n.type!="function"||n.props.__P?null:oe(n)}function Zr(n){var t,r=n.__v,i=r.__e,o=[],a=[],s=n.__P;s&&((t=ue({constructor:be},r)).__v=r.__v+1,P.vnode&&P.vnode(t),Ke(s,t,r,n.__n,s.namespaceURI,32&r.__u?[i]:null,o,i||oe(r),32&r.__u,a),t.__v=r.__v,t.__.__k[t.__i]=t,_n(o,t,a),r.__=r.__e=null,t.__e!=i&&hn(t))}function hn(n){if((n=n.__)&&n.__c&&!n.props.__P)return n.__e=null,n.__k.some(function(t){return t&&(n.__e=t.__e)}),hn(n)}function Ge(n){(8&n.__g||(n.__g|=8,ae.push(n),Ie++))&&We==P.debounceRendering||((We=P.debounceRendering)||queueMicrotask)(fn)}function fn(){try{for(var n,t=1;ae.length;)ae.length>t&&ae.sort(mn),n=ae.shift(),t=ae.length,8&n.__g&&Zr(n)}finally{(Ie=ae.length)&&(We||queueMicrotask)(fn)}}function vn(n,t,r,i,o,a,s,l,u,m,c){var p,g,d,y,R,S,I=i.__k||Pe,v=t.length;for(u=ei(r,t,I,u,v),p=0;p<v;p++)(d=r.__k[p])!=null&&(g=~d.__i&&I[d.__i]||Ae,d.__i=p,S=Ke(n,d,g,o,a,s,l,u,m,c),y=d.__e,(g.ref!=d.ref||8&g.__u)&&(g.ref&&Qe(g.ref,null,d,g),d.ref&&c.push(d.ref,d.__c||y,d)),R=R||y,4&d.__u?(u=Sn(d,u,n,!g.__v),g.__e&&(g.__e=null)):typeof d.type=="function"&&S!==void 0?u=S:y&&(u=y.nextSibling),d.__u&=-21);return r.__e=R,u}function ei(n,t,r,i,o){var a,s,l,u,m,c,p,g,d,y=r.length,R=y,S=0,I=0,v=n.__k=Array(o);for(a=0;a<o;a++)(s=t[a])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=v[a]=xe(null,s):He(s)?s=v[a]=xe(f,{children:s}):s.constructor===be&&s.__b?s=v[a]=xe(s.type,s.props,s.key,s.ref,s.__v):v[a]=s,u=a+S,s.__=n,s.__b=n.__b+1,l=null,~(m=s.__i=ni(s,r,u,R))&&(R--,(l=r[m])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,m==u-1?S--:m==u+1?S++:m!=u&&(m>u?S--:S++,I=1)):(~m||(o>y?S--:o<y&&S++),typeof s.type!="function"&&(s.__u|=4))):v[a]=null;if(I){for(c=[],p=[],a=0;a<o;a++)if((s=v[a])&&16&s.__u){for(S=0,g=c.length;S<g;)c[d=S+g>>1]<s.__i?S=d+1:g=d;c[S]=s.__i,p[a]=S+1}for(S=c.length;a--;)p[a]&&(p[a]==S?S--:v[a].__u|=4)}if(R)for(a=0;a<y;a++)!(l=r[a])||2&l.__u||(l.__e==i&&(i=oe(l)),Je(l,l));return i}function Sn(n,t,r,i){var o,a,s,l;if(typeof n.type=="function"){if(n.props.__P)return t;if(o=n.__k)for(a=0;a<o.length;a++)o[a]&&(o[a].__=n,t=Sn(o[a],t,r,!1));return t}for(t&&!t.parentNode&&(t=oe(n))&&!t.parentNode&&(t=null),s=n.__e,l=t;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!i&&r.moveBefore&&s.parentNode?r.moveBefore(s,t):r.insertBefore(s,t||null)),t=s;(t=t&&t.nextSibling)&&t.nodeType==8&&!t.data.startsWith("$s"););return t}function ni(n,t,r,i){var o,a=n.key,s=n.type,l=t[r],u=l&&!(2&l.__u);if(l===null&&a==null||u&&a==l.key&&s==l.type)return r;if(i>(u?1:0)){for(o=r-1;o>=0;o--)if((l=t[o])&&!(2&l.__u)&&a==l.key&&s==l.type)return o;for(o=r+1;o<t.length;o++)if((l=t[o])&&!(2&l.__u)&&a==l.key&&s==l.type)return o}return-1}function pn(n,t,r){r==null&&(r=""),t[0]=="-"?n.setProperty(t,r):n[t]=r}function Re(n,t,r,i,o){var a,s;if(t=="style")if(typeof r=="string")n.style.cssText=r;else{if(typeof i=="string"&&(n.style.cssText=i=""),i)for(t in i)r&&t in r||pn(n.style,t);if(r)for(t in r)i&&r[t]==i[t]||pn(n.style,t,r[t])}else if(t[0]=="o"&&t[1]=="n")typeof r!="function"&&(r=null),typeof i!="function"&&(i=null),(n.__e||(n.__e={}))[t]=r,r&&i||(s=je[t]||(je[t]=ti(t)),(n.__a||(n.__a={}))[t]=Be,a=t!=(t=t.replace(gn,"$1")),(t=t.slice(2))[0]<"a"&&(t=t.toLowerCase()),r?n.addEventListener(t,s,a):n.removeEventListener(t,s,a));else{if(o=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in n)try{return void(n[t]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&t[4]!="-"?n.removeAttribute(t):n.setAttribute(t,t=="popover"&&r==1?"":r)}}function ti(n){return function(t){var r=this.__e;if(r){if(r=r[n],t[we]==null)t[we]=Be++;else if(t[we]<this.__a[n])return;return r(P.event?P.event(t):t)}}}function Ke(n,t,r,i,o,a,s,l,u,m){var c,p,g,d,y,R,S,I,v,C,_,j,X,se,re,ke,Z,te,J=t.type;if(t.constructor!==be)return null;128&r.__u&&(u=32&r.__u,c=r.__c.__z)&&(t.__u|=u,p=a=[],c.nodeType==8?l=Ce(c,a):a.push(c),l=a[0]||l),(c=P.__b)&&c(t);e:if(typeof J=="function"){g=s.length;try{if(I=t.props,v=(c=J.prototype)&&c.render,C=(c=J.contextType)&&i[c.__c],_=c?C?C.props.value:c.__:i,(d=r.__c)?(t.__c=d,2&d.__g&&(d.__g|=1)):(v?t.__c=d=new J(I,_):(t.__c=d=new $e(I,_),d.constructor=J,d.render=ii),C&&C.sub(d),d.state||(d.state={}),d.__n=i,d.__g|=8,d.__h=[],d.__k=[]),v&&(d.__s||(d.__s=d.state),J.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=ue({},d.__s)),ue(d.__s,J.getDerivedStateFromProps(I,d.__s)))),y=d.props,R=d.state,d.__v=t,r.__c){if(I!==y&&v&&!J.getDerivedStateFromProps&&d.componentWillReceiveProps&&d.componentWillReceiveProps(I,_),t.__v==r.__v&&!(8&d.__g)||!(4&d.__g)&&d.shouldComponentUpdate&&d.shouldComponentUpdate(I,d.__s,_)===!1){t.__v!=r.__v&&(d.props=I,d.state=d.__s,d.__g&=-9),t.__e=r.__e,t.__k=r.__k,t.__k.some(function(H){H&&(H.__=t)}),Pe.push.apply(d.__h,d.__k),d.__k=[],d.__h.length&&s.push(d),l=oe(r);break e}d.componentWillUpdate&&d.componentWillUpdate(I,d.__s,_),v&&d.componentDidUpdate&&d.__h.push(function(){d.componentDidUpdate(y,R,S)})}else v&&!J.getDerivedStateFromProps&&d.componentWillMount&&d.componentWillMount(),v&&d.componentDidMount&&d.__h.push(d.componentDidMount);d.context=_,d.props=I,d.__P=n,d.__g&=-5,j=P.__r,X=v?25:0;do d.__g&=-9,j&&j(t),c=d.render(d.props,d.state=d.__s,d.context);while(8&d.__g&&++X<25);v&&(Pe.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(i=ue({},i,d.getChildContext())),v&&r.__c&&d.getSnapshotBeforeUpdate&&(S=d.getSnapshotBeforeUpdate(y,R)),se=c&&c.type===f&&c.key==null?c.props.children:c,I.__P&&(c=l,o=(n=I.__P).namespaceURI,u=a=null,r.props&&r.props.__P!=n&&(r.__k.some(function(H){H&&Je(H,H)}),r.__k=null),l=r.__k?oe(r,0):null),l=vn(n,He(se)?se:[se],t,r,i,o,a,s,l,u,m),I.__P&&(t.__e=null,l=c),t.__u&=-161,p&&p.some(de),d.__h.length&&s.push(d),1&d.__g&&(d.__g&=-4)}catch(H){if(s.length=g,t.__v=null,u||a)if(H&&H.then){if(t.__u|=128|u,a){for(~(Z=a.indexOf(l||void 0))||(Z=a.length);(te=a[Z-1])&&te.nodeType==8;)Z--;for(;Z<a.length;Z++)if(te=a[Z])if(a[Z]=null,re){if(te==ke)break}else{if(te.nodeType!=8)break;te.data.startsWith("$s")&&(ke=Ce(re=te))}}if(!re){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;re=l}(c=Ce(re=t.__c.__z||(t.__c.__z=re)))?(t.__e=re,l=c):t.__e=l,l=l&&l.nextSibling}else a&&a.some(de);else t.__e=r.__e;t.__k||(t.__k=r.__k||[]),H&&H.then||kn(t),P.__e(H,t,r)}}else l=t.__e=ri(r.__e,t,r,i,o,a,s,u,m,n);return(c=P.diffed)&&c(t),l}function Ce(n,t){if(n&&n.nodeType==8&&n.data.startsWith("$s"))for(var r=1;n=n.nextSibling;){if(n.nodeType==8){if(n.data.startsWith("$s"))r++;else if(n.data.startsWith("/$s")&&!--r)return n}t&&t.push(n)}}function kn(n){n&&(n.__c&&(n.__c.__g|=4),n.__k&&n.__k.some(kn))}function _n(n,t,r){for(var i=0;i<r.length;)Qe(r[i++],r[i++],r[i++]);P.__c&&P.__c(t,n),n.some(function(o){try{n=o.__h,o.__h=[],n.some(function(a){a.call(o)})}catch(a){P.__e(a,o.__v)}})}function ri(n,t,r,i,o,a,s,l,u,m){var c,p,g,d,y,R,S,I,v=r.props||Ae,C=t.props,_=t.type;if(_=="svg"?o="http://www.w3.org/2000/svg":_=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),a){for(c=0;c<a.length;c++)if((y=a[c])&&(_?y.localName==_:y.nodeType==3)){n=y,a[c]=null;break}}if(!n){if(I=m.ownerDocument||document,!_)return I.createTextNode(C);n=I.createElementNS(o,_,C.is?C:m),l&&(P.__m&&P.__m(t,a),l=!1),a=null}if(_){if(m=_=="template"&&n.content||n,a=_=="textarea"&&C.defaultValue!=null?null:a&&bn.call(m.childNodes),!l&&a)for(v={},c=0;c<n.attributes.length;c++)v[(y=n.attributes[c]).name]=y.value;for(c in v)y=v[c],c=="dangerouslySetInnerHTML"?g=y:c=="children"||c in C||c=="value"&&"defaultValue"in C||c=="checked"&&"defaultChecked"in C||Re(n,c,null,y,o);for(c in C)y=C[c],c=="children"?d=y:c=="dangerouslySetInnerHTML"?p=y:c=="value"?R=y:c=="checked"?S=y:l&&typeof y!="function"||v[c]===y||Re(n,c,y,v[c],o);p?(l||g&&(p.__html==g.__html||p.__html==n.innerHTML)||(n.innerHTML=p.__html),t.__k=[]):(g&&(n.textContent=""),(_=="foreignObject"||o=="http://www.w3.org/1998/Math/MathML"&&Xr.test(_))&&(o="http://www.w3.org/1999/xhtml"),vn(m,He(d)?d:[d],t,r,i,o,a,s,a?a[0]:r.__k&&oe(r,0),l,u),a&&a.some(de)),l&&_!="textarea"||(c="value",_=="progress"&&R==null?n.removeAttribute(c):R==null||R===n[c]&&(_!="progress"||R)||Re(n,c,R,v[c],o),c="checked",S!=null&&S!=n[c]&&Re(n,c,S,v[c],o))}else v===C||l&&n.data==C||(n.data=C);return n}function Qe(n,t,r,i){try{typeof n=="function"?t?t.__x=n(t)||1:i&&(i=i.__c||i.__e)&&(t=i.__x)&&(i.__x=null,typeof t=="function"?t():n(null)):n.current=t}catch(o){P.__e(o,r)}}function Je(n,t,r){var i,o,a,s;if(P.unmount&&P.unmount(n),!(i=n.ref)||i.current&&i.current!=n.__e||Qe(i,null,t,n),i=n.__c){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(l){P.__e(l,t)}i.__P=i.__n=null}if(i=n.__k)for(s=0;s<i.length;s++)i[s]&&Je(i[s],t,typeof n.type!="function"||r&&!n.props.__P);!r&&(i=n.__c)&&(i=i.__z)&&(o=Ce(i,a=[]))&&(i==n.__e&&a.some(de),de(o),de(i)),r||de(n.__e),n.__e=n.__c=n.__=null}function ii(n,t,r){return this.constructor(n,r)}function Rn(n,t){var r,i,o,a;P.__&&P.__(n,t),t.nodeType==9&&(t=t.documentElement),i=(r=n&&32&n.__u)?null:t.__k,t.__k=xe(f,{children:[n]}),o=[],a=[],Ke(t,t.__k,i||Ae,Ae,t.namespaceURI,i?null:t.firstChild?bn.call(t.childNodes):null,o,i?i.__e:t.firstChild,r,a),_n(o,t.__k,a),t.__k.props.children=null}function wn(n){function t(r){var i,o;return this.getChildContext||(i=new Set,(o={})[t.__c]=this,this.getChildContext=function(){return o},this.shouldComponentUpdate=function(a){this.props.value!=a.value&&i.forEach(function(s){s.__g|=4,Ge(s)})},this.sub=function(a){i.add(a);var s=a.componentWillUnmount;a.componentWillUnmount=function(){i.delete(a),s&&s.call(a)}}),r.children}return t.__c="__cC"+yn++,t.__=n,t.Provider=(t.Consumer=function(r,i){return r.children(i)}).contextType=t,t}P={__e:function(n,t,r,i){for(var o,a,s;t=t.__;)if((o=t.__c)&&!(1&o.__g)){o.__g|=4;try{if((s=(a=o.constructor)&&a.getDerivedStateFromError)&&o.setState(a.getDerivedStateFromError(n)),o.componentDidCatch&&(o.componentDidCatch(n,i||{}),s=1),s&&8&o.__g)return void(o.__g|=2)}catch(l){n=l}}throw Ie=0,n}},cn=0,Yr=function(n){return n!=null&&n.constructor===be},$e.prototype.setState=function(n,t){var r=this.__s;r&&r!=this.state||(r=this.__s=ue({},this.state)),typeof n=="function"&&(n=n(ue({},r),this.props)),n&&(ue(r,n),this.__v&&(t&&this.__k.push(t),Ge(this)))},$e.prototype.forceUpdate=function(n){this.__v&&(this.__g|=4,n&&this.__h.push(n),Ge(this))},$e.prototype.render=f,ae=[],Ie=0,mn=function(n,t){return n.__v.__b-t.__v.__b},we=Symbol(),gn=/(PointerCapture)$|Capture$/i,Be=0,je={},yn=0;var pe,U,Ye,xn,Xe=Object.is,fe=0,Mn=[],Ze=[],N=P,$n=N.__b,Cn=N.__r,In=N.diffed,An=N.__c,Pn=N.unmount,Dn=N.__;function De(n,t){N.__h&&N.__h(U,n,fe||t),fe=0;var r=U.__H||(U.__H={__:[],__h:[]});return n>=r.__.length&&r.__.push({}),r.__[n]}function h(n){return fe=1,ai(En,n)}function ai(n,t,r){var i=De(pe++,2);if(i.t=n,!i.__c&&(i.__=[r?r(t):En(void 0,t),function(a){var s=(i.__N||i.__)[0],l=i.t(s,a);Xe(s,l)||(i.__N=[l,i.__[1]],i.__c.setState({}))}],i.__c=U,!U.__f)){U.__f=!0;var o=U.shouldComponentUpdate;U.shouldComponentUpdate=function(a,s,l){var u=this.__H;if(!u)return!0;var m=!1,c=this.props!=a;if(u.__.some(function(g){g.__N&&(m=!0,Xe(g.__[0],g.__N[0])||(c=!0))}),o){var p=o.call(this,a,s,l);return m?p||c:p}return!m||c}}return i.__}function O(n,t){var r=De(pe++,3);!N.__s&&On(r.__H,t)&&(r.__P=!0,r.__=n,r.u=t,U.__H.__h.push(r))}function G(n){return fe=5,Te(function(){return{current:n}},[])}function Te(n,t){var r=De(pe++,7);return On(r.__H,t)&&(r.__=n(),r.__H=t),r.__}function Vn(n,t){return fe=8,Te(function(){return n},t)}function qn(n){var t=U.context[n.__c],r=De(pe++,9);return r.c=n,t?(r.__==null&&(r.__=!0,t.sub(U)),t.props.value):n.__}function oi(){var n;do{for(;n=Ze.shift();)try{he(n)}catch(r){N.__e(r,{__:(n=n.__P)&&n.__v})}for(;n=Mn.shift();){var t=n.__H;if(n.__P&&t)try{t.__h.some(he),t.__h.some(en),t.__h=[]}catch(r){t.__h=[],N.__e(r,n.__v)}}}while(Ze.length)}N.__b=function(n){U=null,$n&&$n(n)},N.__=function(n,t){n&&t.__k&&t.__k.__m&&(n.__m=t.__k.__m),Dn&&Dn(n,t)},N.__r=function(n){Cn&&Cn(n),pe=0;var t=(U=n.__c).__H;t&&(Ye==U?U.__h=[]:(t.__h.some(he),t.__h.some(en),pe=0),t.__h=[],t.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),Ye=U},N.diffed=function(n){In&&In(n);var t=n.__c;t&&t.__H&&(t.__H.__h.length&&Ln(Mn.push(t)),t.__H.__.some(function(r){r.u&&(r.__H=r.u)})),Ye=U=null},N.__c=function(n,t){t.some(function(r){try{r.__h.some(he),r.__h=r.__h.filter(function(i){return!i.__||en(i)})}catch(i){r.__h=[function(){throw i}]}}),An&&An(n,t)},N.unmount=function(n){Pn&&Pn(n);var t,r,i=n.__c;i&&i.__H&&(i.__H.__.some(function(o){try{if(o.__P&&o.__c){if(r===void 0){for(r=n.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}o.__P=r,Ln(Ze.push(o))}else he(o)}catch(a){t=a}}),i.__H=void 0,t&&N.__e(t,i.__v))};var Tn=typeof requestAnimationFrame=="function";function si(n){var t,r=function(){clearTimeout(i),Tn&&cancelAnimationFrame(t),setTimeout(n)},i=setTimeout(r,35);Tn&&(t=requestAnimationFrame(r))}function Ln(n){n!=1&&xn==N.requestAnimationFrame||((xn=N.requestAnimationFrame)||si)(oi)}function he(n){var t=U,r=n.__c;typeof r=="function"&&(n.__c=void 0,r()),U=t}function en(n){var t=U;n.__c=n.__(),U=t}function On(n,t){return!n||n.length!=t.length||t.some(function(r,i){return!Xe(r,n[i])})}function En(n,t){return typeof t=="function"?t(n):t}var Un={name:"AcceptInvitation",kind:"mutation",document:`mutation AcceptInvitation ($org: ID!, $invitation: ID!) {
  joinOrganization(organizationId: $org, inviteId: $invitation) {
    organization
  }
}`},Nn={name:"AccountScreen",kind:"query",document:`query AccountScreen {
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
}`},Fn={name:"AddSectionToGroup",kind:"mutation",document:`mutation AddSectionToGroup ($org: ID!, $site: ID!, $group: ID!, $input: AddSectionToGroupInput!) {
  addSectionToGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, input: $input) {
    id
  }
}`},zn={name:"AddSiteSection",kind:"mutation",document:`mutation AddSiteSection ($org: ID!, $site: ID!, $input: AddSiteSectionInput!) {
  addSiteSection(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Wn={name:"AddSiteSectionGroup",kind:"mutation",document:`mutation AddSiteSectionGroup ($org: ID!, $site: ID!, $input: AddSiteSectionGroupInput!) {
  addSiteSectionGroup(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},jn={name:"AddSiteSpace",kind:"mutation",document:`mutation AddSiteSpace ($org: ID!, $site: ID!, $input: AddSiteSpaceInput!) {
  addSiteSpace(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Gn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},Bn={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},Hn={name:"CreateChangeRequest",kind:"mutation",document:`mutation CreateChangeRequest ($space: ID!, $subject: String) {
  createChangeRequest(spaceId: $space, input: {subject:$subject}) {
    id
    number
  }
}`},Kn={name:"CreateCustomField",kind:"mutation",document:`mutation CreateCustomField ($org: ID!, $input: CreateCustomFieldInput!) {
  createCustomField(organizationId: $org, input: $input) {
    id
  }
}`},Qn={name:"CreatePersonalToken",kind:"mutation",document:`mutation CreatePersonalToken ($input: CreatePersonalTokenInput!) {
  createPersonalToken(input: $input) {
    id
    name
    token
    expiresAt
  }
}`},Jn={name:"CreateSAMLProvider",kind:"mutation",document:`mutation CreateSAMLProvider ($org: ID!, $input: CreateSAMLProviderInput!) {
  createSAMLProvider(organizationId: $org, input: $input) {
    id
  }
}`},Yn={name:"CreateShareLink",kind:"mutation",document:`mutation CreateShareLink ($org: ID!, $site: ID!, $input: CreateShareLinkInput!) {
  createShareLink(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Xn={name:"CreateSite",kind:"mutation",document:`mutation CreateSite ($org: ID!, $input: CreateSiteInput!) {
  createSite(organizationId: $org, input: $input) {
    id
    urls {
      app
    }
  }
}`},Zn={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},et={name:"CreateTeam",kind:"mutation",document:`mutation CreateTeam ($org: ID!, $input: CreateTeamInput!) {
  createTeam(organizationId: $org, input: $input) {
    id
  }
}`},nt={name:"CreateWebhook",kind:"mutation",document:`mutation CreateWebhook ($org: ID!, $input: CreateWebhookInput!) {
  createWebhook(organizationId: $org, input: $input) {
    id
    secret
  }
}`},tt={name:"CustomFieldsScreen",kind:"query",document:`query CustomFieldsScreen ($org: ID!) {
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
}`},rt={name:"DeclineInvitation",kind:"mutation",document:`mutation DeclineInvitation ($invitation: ID!) {
  declineInvitation(invitationId: $invitation)
}`},it={name:"DeleteCustomField",kind:"mutation",document:`mutation DeleteCustomField ($org: ID!, $name: String!) {
  deleteCustomField(organizationId: $org, name: $name)
}`},at={name:"DeleteSAMLProvider",kind:"mutation",document:`mutation DeleteSAMLProvider ($org: ID!, $provider: ID!) {
  deleteSAMLProvider(organizationId: $org, samlProviderId: $provider)
}`},ot={name:"DeleteShareLink",kind:"mutation",document:`mutation DeleteShareLink ($org: ID!, $site: ID!, $link: ID!) {
  deleteShareLink(organizationId: $org, siteId: $site, shareLinkId: $link)
}`},st={name:"DeleteSite",kind:"mutation",document:`mutation DeleteSite ($org: ID!, $site: ID!) {
  deleteSite(organizationId: $org, siteId: $site)
}`},lt={name:"DeleteSiteSection",kind:"mutation",document:`mutation DeleteSiteSection ($org: ID!, $site: ID!, $section: ID!) {
  deleteSiteSection(organizationId: $org, siteId: $site, siteSectionId: $section)
}`},dt={name:"DeleteSiteSectionGroup",kind:"mutation",document:`mutation DeleteSiteSectionGroup ($org: ID!, $site: ID!, $group: ID!) {
  deleteSiteSectionGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group)
}`},ut={name:"DeleteSiteSpace",kind:"mutation",document:`mutation DeleteSiteSpace ($org: ID!, $site: ID!, $siteSpace: ID!) {
  deleteSiteSpace(organizationId: $org, siteId: $site, siteSpaceId: $siteSpace)
}`},pt={name:"DeleteTeam",kind:"mutation",document:`mutation DeleteTeam ($org: ID!, $team: ID!) {
  deleteTeam(organizationId: $org, teamId: $team)
}`},ct={name:"DeleteWebhook",kind:"mutation",document:`mutation DeleteWebhook ($org: ID!, $webhook: ID!) {
  deleteWebhook(organizationId: $org, webhookId: $webhook)
}`},mt={name:"EditContent",kind:"mutation",document:`mutation EditContent ($space: ID!, $cr: String!, $input: ChangeRequestContentInput!) {
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
}`},gt={name:"EditorScreen",kind:"query",document:`query EditorScreen ($space: ID!, $number: String!, $page: ID!, $withPage: Boolean!) {
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
}`},yt={name:"InviteUsers",kind:"mutation",document:`mutation InviteUsers ($org: ID!, $input: InviteUsersInput!) {
  inviteUsers(organizationId: $org, input: $input) {
    invited
  }
}`},bt={name:"MembersScreen",kind:"query",document:`query MembersScreen ($org: ID!) {
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
}`},ht={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},ft={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},vt={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},St={name:"PublishSite",kind:"mutation",document:`mutation PublishSite ($org: ID!, $site: ID!) {
  publishSite(organizationId: $org, siteId: $site) {
    id
    published
    urls {
      published
    }
  }
}`},kt={name:"RedeliverWebhookDelivery",kind:"mutation",document:`mutation RedeliverWebhookDelivery ($org: ID!, $webhook: ID!, $delivery: ID!) {
  redeliverWebhookDelivery(organizationId: $org, webhookId: $webhook, deliveryId: $delivery) {
    id
    status
  }
}`},_t={name:"RemoveMember",kind:"mutation",document:`mutation RemoveMember ($org: ID!, $user: ID!) {
  removeMember(organizationId: $org, userId: $user)
}`},Rt={name:"RemoveSectionFromGroup",kind:"mutation",document:`mutation RemoveSectionFromGroup ($org: ID!, $site: ID!, $group: ID!, $section: ID!) {
  removeSectionFromGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, siteSectionId: $section)
}`},wt={name:"RemoveTeamMember",kind:"mutation",document:`mutation RemoveTeamMember ($org: ID!, $team: ID!, $user: ID!) {
  removeTeamMember(organizationId: $org, teamId: $team, userId: $user)
}`},xt={name:"RenderPreview",kind:"query",document:`query RenderPreview ($markdown: String!, $space: ID) {
  renderMarkdown(markdown: $markdown, spaceId: $space)
}`},$t={name:"ReviewLiveChangeRequest",kind:"subscription",document:`subscription ReviewLiveChangeRequest ($space: ID!, $number: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $number) {
    revision
    updatedAt
  }
}`},Ct={name:"ReviewLiveComments",kind:"subscription",document:`subscription ReviewLiveComments ($space: ID!, $number: ID!) {
  commentsChanged(spaceId: $space, changeRequestId: $number) {
    kind
    commentId
  }
}`},It={name:"ReviewMerge",kind:"mutation",document:`mutation ReviewMerge ($space: ID!, $number: String!, $base: String) {
  mergeChangeRequest(spaceId: $space, changeRequestId: $number, baseRevision: $base) {
    revision
  }
}`},At={name:"ReviewMergePreview",kind:"query",document:`query ReviewMergePreview ($space: ID!, $number: String!) {
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
}`},Pt={name:"ReviewPostComment",kind:"mutation",document:`mutation ReviewPostComment ($space: ID!, $number: String!, $page: String, $markdown: String!) {
  postComment(spaceId: $space, changeRequestId: $number, input: {page:$page,body:{markdown:$markdown}}) {
    id
  }
}`},Dt={name:"ReviewPostReply",kind:"mutation",document:`mutation ReviewPostReply ($space: ID!, $number: String!, $comment: ID!, $markdown: String!) {
  postCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, input: {body:{markdown:$markdown}}) {
    id
  }
}`},Tt={name:"ReviewScreen",kind:"query",document:`query ReviewScreen ($space: ID!, $number: String!) {
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
}`},nn={name:"ReviewUpdateComment",kind:"mutation",document:`mutation ReviewUpdateComment ($space: ID!, $number: String!, $comment: ID!, $input: UpdateCommentInput!) {
  updateComment(spaceId: $space, changeRequestId: $number, commentId: $comment, input: $input) {
    id
  }
}`},Lt={name:"ReviewUpdateReply",kind:"mutation",document:`mutation ReviewUpdateReply ($space: ID!, $number: String!, $comment: ID!, $reply: ID!, $input: UpdateCommentReplyInput!) {
  updateCommentReply(spaceId: $space, changeRequestId: $number, commentId: $comment, replyId: $reply, input: $input) {
    id
  }
}`},Mt={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Vt={name:"RevokeInvitation",kind:"mutation",document:`mutation RevokeInvitation ($org: ID!, $invitation: ID!) {
  revokeInvitation(organizationId: $org, invitationId: $invitation)
}`},qt={name:"RevokePersonalToken",kind:"mutation",document:`mutation RevokePersonalToken ($id: ID!) {
  revokePersonalToken(id: $id)
}`},Ot={name:"SAMLScreen",kind:"query",document:`query SAMLScreen ($org: ID!) {
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
}`},Et={name:"SetSiteVisitorKey",kind:"mutation",document:`mutation SetSiteVisitorKey ($org: ID!, $site: ID!, $input: SiteVisitorKeyInput!) {
  setSiteVisitorKey(organizationId: $org, siteId: $site, input: $input) {
    algorithm
    audience
    updatedAt
  }
}`},Ut={name:"SetTeamMember",kind:"mutation",document:`mutation SetTeamMember ($org: ID!, $team: ID!, $user: ID!, $input: SetTeamMemberInput) {
  setTeamMember(organizationId: $org, teamId: $team, userId: $user, input: $input)
}`},Nt={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},Ft={name:"SitePublishScreen",kind:"query",document:`query SitePublishScreen ($org: ID!, $site: ID!) {
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
}`},zt={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},Wt={name:"SitesScreen",kind:"query",document:`query SitesScreen ($org: ID!) {
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
}`},jt={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($org: ID!, $space: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Bt={name:"TeamsScreen",kind:"query",document:`query TeamsScreen ($org: ID!) {
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
}`},Ht={name:"UnpublishSite",kind:"mutation",document:`mutation UnpublishSite ($org: ID!, $site: ID!) {
  unpublishSite(organizationId: $org, siteId: $site) {
    id
    published
  }
}`},Kt={name:"UpdateMember",kind:"mutation",document:`mutation UpdateMember ($org: ID!, $user: ID!, $input: UpdateMemberInput!) {
  updateMember(organizationId: $org, userId: $user, input: $input) {
    id
    role
  }
}`},Qt={name:"UpdateSAMLProvider",kind:"mutation",document:`mutation UpdateSAMLProvider ($org: ID!, $provider: ID!, $input: UpdateSAMLProviderInput!) {
  updateSAMLProvider(organizationId: $org, samlProviderId: $provider, input: $input) {
    id
    status
  }
}`},Jt={name:"UpdateShareLink",kind:"mutation",document:`mutation UpdateShareLink ($org: ID!, $site: ID!, $link: ID!, $input: UpdateShareLinkInput!) {
  updateShareLink(organizationId: $org, siteId: $site, shareLinkId: $link, input: $input) {
    id
    active
  }
}`},Yt={name:"UpdateSite",kind:"mutation",document:`mutation UpdateSite ($org: ID!, $site: ID!, $input: UpdateSiteInput!) {
  updateSite(organizationId: $org, siteId: $site, input: $input) {
    id
    title
    visibility
  }
}`},Xt={name:"UpdateSiteCustomization",kind:"mutation",document:`mutation UpdateSiteCustomization ($org: ID!, $site: ID!, $input: JSON!) {
  updateSiteCustomization(organizationId: $org, siteId: $site, input: $input)
}`},Zt={name:"UpdateTeamMembers",kind:"mutation",document:`mutation UpdateTeamMembers ($org: ID!, $team: ID!, $input: UpdateTeamMembersInput!) {
  updateTeamMembers(organizationId: $org, teamId: $team, input: $input)
}`},er={name:"UpdateWebhook",kind:"mutation",document:`mutation UpdateWebhook ($org: ID!, $webhook: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(organizationId: $org, webhookId: $webhook, input: $input) {
    id
    active
  }
}`},nr={name:"WebhookScreen",kind:"query",document:`query WebhookScreen ($org: ID!, $webhook: ID!) {
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
}`},tr={name:"WebhooksScreen",kind:"query",document:`query WebhooksScreen ($org: ID!) {
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
}`};var D=class extends Error{constructor(r,i=null){super(r.map(o=>o.message).join("; "));this.errors=r;this.data=i}errors;data;code(r){return this.errors.find(i=>i.extensions?.code===r)}forField(r){let i=new RegExp(`(^|[.\\]])${r}:`);return this.errors.find(a=>a.extensions?.field===r||i.test(a.message.split(" ")[0]??""))?.message}};function li(){for(let n of document.cookie.split(";")){let[t,r]=n.trim().split("=");if(t==="folio_csrf")return decodeURIComponent(r??"")}return""}function di(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new D([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function b(n,t,r){let i;try{i=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":li()},body:JSON.stringify({query:n.document,operationName:n.name,variables:t}),signal:r})}catch(a){throw a.name==="AbortError"?a:new D([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let o;try{o=await i.json()}catch{throw new D([{message:`The server answered ${i.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(o.errors?.length)throw o.errors.some(a=>a.extensions?.code==="UNAUTHENTICATED")&&di(),new D(o.errors,o.data??null);if(o.data==null)throw new D([{message:`The server answered ${i.status} without data.`}]);return o.data}var ui=Symbol.for("pv"),pi=0;function e(n,t,r,i,o,a){t||(t={});var s,l,u=t;if("ref"in u&&typeof n!="function")for(l in u={},t)l=="ref"?s=t[l]:u[l]=t[l];var m={type:n,props:u,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:ui,__v:--pi,__i:-1,__u:0};return(o||a)&&(m.__source=o,m.__self=a),P.vnode&&P.vnode(m),m}function w(n,t,r=!1){let i=JSON.stringify(t),[o,a]=h(null),[s,l]=h(null),[u,m]=h(!r),c=G(null),p=Vn(async()=>{c.current?.abort();let g=new AbortController;c.current=g,m(!0);try{let d=await b(n,JSON.parse(i),g.signal);if(g.signal.aborted)return;a(d),l(null)}catch(d){if(g.signal.aborted)return;l(d instanceof D?d:new D([{message:String(d)}]))}finally{g.signal.aborted||m(!1)}},[n,i]);return O(()=>{if(!r)return a(null),p(),()=>c.current?.abort()},[p,r]),{data:o,error:s,loading:u,reload:p}}function A({error:n,onRetry:t}){return n?e("div",{class:"notice error",role:"alert",children:[e("p",{children:n.message}),t&&e("button",{type:"button",onClick:t,children:"Try again"})]}):null}function x({q:n,children:t}){return n.error&&!n.data?e(A,{error:n.error,onRetry:n.reload}):n.data?e(f,{children:t(n.data)}):e("p",{class:"muted",role:"status",children:"Loading…"})}var M="([^/]+)",ci=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${M}/?$`),n=>({kind:"org",org:n[1]})],[new RegExp(`^/app/o/${M}/c/${M}/?$`),n=>({kind:"collection",org:n[1],id:n[2]})],[new RegExp(`^/app/o/${M}/s/${M}(?:/page/${M})?/?$`),n=>({kind:"space",org:n[1],space:n[2],page:n[3]})],[new RegExp(`^/app/o/${M}/s/${M}/revisions/${M}(?:/page/${M})?/?$`),n=>({kind:"revision",org:n[1],space:n[2],revision:n[3],page:n[4]})],[new RegExp(`^/app/o/${M}/s/${M}/change-requests/${M}/edit(?:/page/${M})?/?$`),n=>({kind:"edit",org:n[1],space:n[2],number:n[3],page:n[4]})],[new RegExp(`^/app/o/${M}/s/${M}/change-requests/${M}(?:/page/${M})?/?$`),n=>({kind:"changeRequest",org:n[1],space:n[2],number:n[3],page:n[4]})],[new RegExp(`^/app/o/${M}/s/${M}/change-requests/${M}/review/?$`),n=>({kind:"review",org:n[1],space:n[2],number:n[3]})],[new RegExp(`^/app/o/${M}/sites/${M}(/preview)?/?$`),n=>({kind:"site",org:n[1],site:n[2],preview:!!n[3]})],[new RegExp(`^/app/o/${M}/openapi/${M}/?$`),n=>({kind:"openapi",org:n[1],slug:n[2]})],[new RegExp(`^/app/o/${M}/((?:sites|admin|account)(?:/[^/]+)*)/?$`),n=>({kind:"manage",org:n[1],rest:n[2]})]];function rr(n){for(let[t,r]of ci){let i=t.exec(n);if(i)return r(i.map(o=>o===void 0?o:decodeURIComponent(o)))}return{kind:"notFound",path:n}}var T=encodeURIComponent,$={org:n=>`/app/o/${T(n)}`,collection:(n,t)=>`/app/o/${T(n)}/c/${T(t)}`,space:(n,t)=>`/app/o/${T(n)}/s/${T(t)}`,page:(n,t,r)=>`/app/o/${T(n)}/s/${T(t)}/page/${T(r)}`,revision:(n,t,r,i)=>`/app/o/${T(n)}/s/${T(t)}/revisions/${T(r)}`+(i?`/page/${T(i)}`:""),changeRequest:(n,t,r,i)=>`/app/o/${T(n)}/s/${T(t)}/change-requests/${T(String(r))}`+(i?`/page/${T(i)}`:""),review:(n,t,r)=>`/app/o/${T(n)}/s/${T(t)}/change-requests/${T(String(r))}/review`,edit:(n,t,r,i)=>`/app/o/${T(n)}/s/${T(t)}/change-requests/${T(String(r))}/edit`+(i?`/page/${T(i)}`:""),site:(n,t)=>`/app/o/${T(n)}/sites/${T(t)}`,openapi:(n,t)=>`/app/o/${T(n)}/openapi/${T(t)}`};function ie(n){try{let t=new URL(n,location.href);return t.pathname+t.hash}catch{return n}}var Le=new Set;function E(n,t=!1){t?history.replaceState(null,"",n):history.pushState(null,"",n),Le.forEach(r=>r()),t||window.scrollTo(0,0)}function ir(){document.addEventListener("click",n=>{if(n.defaultPrevented||n.button!==0||n.metaKey||n.ctrlKey||n.shiftKey||n.altKey)return;let t=n.target?.closest?.("a");if(!t||t.target||t.hasAttribute("download"))return;let r=new URL(t.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(n.preventDefault(),E(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>Le.forEach(n=>n()))}function ar(){let[n,t]=h(()=>rr(location.pathname));return O(()=>{let r=()=>t(rr(location.pathname));return Le.add(r),()=>{Le.delete(r)}},[]),n}var or=n=>`folio.recent.${n}`;function tn(n){try{let t=JSON.parse(localStorage.getItem(or(n))??"[]");return Array.isArray(t)?t.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function sr(n,t){let r=[t,...tn(n).filter(i=>i.id!==t.id)].slice(0,5);try{localStorage.setItem(or(n),JSON.stringify(r))}catch{}}function lr({org:n,onClose:t}){let r=G(null),[i,o]=h(""),[a,s]=h(null),[l,u]=h(null);O(()=>{r.current?.showModal()},[]),O(()=>{let p=i.trim();if(!p){s(null);return}let g=new AbortController,d=setTimeout(async()=>{try{let y=await b(vt,{org:n,query:p},g.signal);s(y.organization?.search.items??[]),u(null)}catch(y){g.signal.aborted||u(y instanceof D?y.message:String(y))}},150);return()=>{clearTimeout(d),g.abort()}},[i,n]);let m=p=>{t(),E(ie(p))},c=a?.flatMap(p=>p.pages)[0];return e("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:t,onCancel:t,children:[e("form",{method:"dialog",role:"search",onSubmit:p=>{p.preventDefault(),c&&m(c.urls.app)},children:[e("h2",{id:"search-h",children:"Search"}),e("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),e("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:i,autoComplete:"off",onInput:p=>o(p.target.value)}),e("button",{type:"button",class:"close",onClick:t,children:"Close"})]}),l&&e("p",{class:"notice error",role:"alert",children:l}),e("div",{"aria-live":"polite",children:[a&&a.length===0&&e("p",{class:"muted",children:["Nothing matches “",i.trim(),"”."]}),a?.map(p=>e("section",{class:"results",children:[e("h3",{children:p.title}),e("ul",{children:p.pages.map(g=>e("li",{children:[e("a",{href:ie(g.urls.app),onClick:d=>{d.preventDefault(),m(g.urls.app)},children:g.title||g.path}),g.sections.length>0&&e("ul",{children:g.sections.slice(0,3).map(d=>e("li",{children:e("a",{href:ie(d.urls.app),onClick:y=>{y.preventDefault(),m(d.urls.app)},children:d.title})},d.id))})]},g.id))})]},p.id))]})]})}function dr(n){return n instanceof D?n:new D([{message:String(n?.message??n)}])}function rn(n){return typeof n.extensions?.field=="string"?n.extensions.field:/^([A-Za-z][\w.]*): /.exec(n.message)?.[1]}function V(n){let[t,r]=h(n.initial),[i,o]=h(!1),[a,s]=h(null),[l,u]=h(""),m=G(n);m.current=n;let c=d=>m.current.api?.[d]??d,p=d=>{if(d)for(let y of Object.keys(m.current.initial)){let R=c(y);if(d===R||d.startsWith(R+".")||d.startsWith(R+"["))return y}};return{id:n.id,values:t,busy:i,error:a,done:l,set(d,y){r(R=>({...R,[d]:y})),u("")},fieldError(d){return a?.errors.find(y=>p(rn(y))===d)?.message},formErrors(){return(a?.errors??[]).filter(d=>!p(rn(d))).map(d=>d.message)},onSubmit(d){if(d.preventDefault(),i)return;o(!0),u("");let y=t;m.current.submit(y).then(R=>{s(null),u(typeof R=="string"?R:""),m.current.reset&&r(m.current.initial)}).catch(R=>{let S=dr(R);s(S);let I=S.errors.map(v=>p(rn(v))).find(Boolean);I&&setTimeout(()=>document.getElementById(`${m.current.id}-${I}`)?.focus(),0)}).finally(()=>o(!1))}}}function L({form:n,name:t,label:r,hint:i,type:o="text",autoComplete:a}){let s=`${n.id}-${t}`,l=n.fieldError(t),u=[i?`${s}-hint`:"",`${s}-error`].filter(Boolean).join(" ");return e("div",{class:"field",children:[e("label",{for:s,children:r}),e("input",{type:o,autoComplete:a,id:s,name:t,value:String(n.values[t]??""),"aria-invalid":l?!0:void 0,"aria-describedby":u,onInput:m=>n.set(t,m.target.value)}),i&&e("small",{id:`${s}-hint`,class:"muted",children:i}),e("span",{id:`${s}-error`,class:"field-error",children:l??""})]})}function ce({form:n,name:t,label:r,hint:i,rows:o=4}){let a=`${n.id}-${t}`,s=n.fieldError(t),l=[i?`${a}-hint`:"",`${a}-error`].filter(Boolean).join(" ");return e("div",{class:"field",children:[e("label",{for:a,children:r}),e("textarea",{id:a,name:t,rows:o,value:String(n.values[t]??""),"aria-invalid":s?!0:void 0,"aria-describedby":l,onInput:u=>n.set(t,u.target.value)}),i&&e("small",{id:`${a}-hint`,class:"muted",children:i}),e("span",{id:`${a}-error`,class:"field-error",children:s??""})]})}function z({form:n,name:t,label:r,options:i}){let o=`${n.id}-${t}`,a=n.fieldError(t);return e("div",{class:"field",children:[e("label",{for:o,children:r}),e("select",{id:o,name:t,value:String(n.values[t]??""),"aria-invalid":a?!0:void 0,"aria-describedby":`${o}-error`,onChange:s=>n.set(t,s.target.value),children:i.map(([s,l])=>e("option",{value:s,children:l},s))}),e("span",{id:`${o}-error`,class:"field-error",children:a??""})]})}function Me({form:n,name:t,label:r}){let i=`${n.id}-${t}`,o=n.fieldError(t);return e("div",{class:"field check",children:[e("input",{type:"checkbox",id:i,name:t,checked:!!n.values[t],"aria-describedby":`${i}-error`,onChange:a=>n.set(t,a.target.checked)}),e("label",{for:i,children:r}),e("span",{id:`${i}-error`,class:"field-error",children:o??""})]})}function q({form:n,submit:t,children:r,label:i}){let o=n.formErrors();return e("form",{class:"api-form",onSubmit:n.onSubmit,"aria-label":i,noValidate:!0,children:[r,o.length>0&&e("div",{class:"notice error",role:"alert",children:o.map((a,s)=>e("p",{children:a},s))}),e("button",{type:"submit",class:"primary",disabled:n.busy,children:t}),e("span",{role:"status",class:"muted",children:n.done})]})}function W(){let[n,t]=h(!1),[r,i]=h(null);return{busy:n,error:r,run:async a=>{t(!0);try{await a(),i(null)}catch(s){i(dr(s))}finally{t(!1)}}}}var an=[["public","Public: anyone, indexed by search engines"],["unlisted","Unlisted: anyone with the address"],["share-link","Share links: holders of a link"],["visitor-auth","Visitor authentication: holders of a signed token"]];function Ve({org:n,site:t}){let r=w(Ft,{org:n,site:t});return e(x,{q:r,children:i=>e(mi,{org:n,s:i.organization.site,spaces:i.organization.spaces.items,reload:r.reload})})}function ur(n){return[["","Choose a space"],...n.map(t=>[t.id,t.title||"Untitled space"])]}function mi({org:n,s:t,spaces:r,reload:i}){let o=W(),a={org:n,site:t.id},s=V({id:"site-settings",initial:{title:t.title,visibility:t.visibility},submit:async u=>(await b(Yt,{...a,input:{title:u.title,visibility:u.visibility}}),await i(),"Saved.")}),l=t.siteSpaceList.items.filter(u=>!u.section);return e(f,{children:[e("h1",{children:t.title}),e("p",{class:"lead",children:[e("span",{class:"badge","data-testid":"site-state",children:t.published?"Published":"Not published"})," ",t.published&&t.urls.published&&e("a",{href:t.urls.published,"data-testid":"open-site",children:"Open the published site"})]}),e(A,{error:o.error}),e("p",{class:"actions",children:[t.published?e("button",{type:"button",disabled:o.busy,onClick:()=>o.run(async()=>(await b(Ht,a),i())),children:"Unpublish"}):e("button",{type:"button",class:"primary",disabled:o.busy,onClick:()=>o.run(async()=>(await b(St,a),i())),children:"Publish"}),e("a",{href:t.urls.preview,children:"Preview"})]}),e("section",{"aria-labelledby":"settings-h",children:[e("h2",{id:"settings-h",children:"Settings"}),e(q,{form:s,submit:"Save settings",label:"Site settings",children:[e(L,{form:s,name:"title",label:"Title",hint:"2 to 128 characters."}),e(z,{form:s,name:"visibility",label:"Who reads it",options:an})]})]}),e("section",{"aria-labelledby":"spaces-h",children:[e("h2",{id:"spaces-h",children:"Spaces"}),t.sections.items.length>0?e("p",{class:"muted",children:"The site has sections: add spaces to a section below."}):e(f,{children:[e(pr,{org:n,site:t.id,items:l,reload:i}),e(cr,{org:n,site:t.id,spaces:r,reload:i})]})]}),t.permissions.admin&&e(fi,{org:n,s:t,reload:i}),e(gi,{org:n,s:t,spaces:r,reload:i}),e(yi,{org:n,s:t,reload:i}),(t.visibility==="share-link"||t.shareLinks.items.length>0)&&e(bi,{org:n,s:t,reload:i}),(t.visibility==="visitor-auth"||t.visitorKey)&&t.permissions.admin&&e(hi,{org:n,s:t,reload:i}),e("section",{"aria-labelledby":"danger-h",children:[e("h2",{id:"danger-h",children:"Delete"}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>{await b(st,a),E(B.sites(n))}),children:["Delete the site ",t.title]})]})]})}function pr({org:n,site:t,items:r,reload:i}){let o=W();return e(f,{children:[e(A,{error:o.error}),e("ul",{class:"rows",children:r.map(a=>e("li",{children:[e("span",{children:[a.space.title||a.title," ",e("span",{class:"muted",children:["· /",a.path]})]}),e("button",{type:"button",disabled:o.busy,"aria-label":`Remove ${a.space.title||a.title} from the site`,onClick:()=>o.run(async()=>(await b(ut,{org:n,site:t,siteSpace:a.id}),i())),children:"Remove"})]},a.id))})]})}function cr({org:n,site:t,section:r,spaces:i,reload:o}){let a=V({id:`add-space-${r??"root"}`,initial:{spaceId:""},reset:!0,submit:async s=>{await b(jn,{org:n,site:t,input:{spaceId:s.spaceId,sectionId:r??null}}),await o()}});return e(q,{form:a,submit:"Add space",label:r?"Add a space to this section":"Add a space to the site",children:e(z,{form:a,name:"spaceId",label:"Space",options:ur(i)})})}function gi({org:n,s:t,spaces:r,reload:i}){let o=W(),a=V({id:"new-section",initial:{title:"",spaceId:""},reset:!0,submit:async s=>{await b(zn,{org:n,site:t.id,input:{spaceId:s.spaceId,title:s.title||null}}),await i()}});return e("section",{"aria-labelledby":"sections-h",children:[e("h2",{id:"sections-h",children:"Sections"}),e(A,{error:o.error}),t.sections.items.map(s=>e("div",{class:"card",children:[e("h3",{children:[s.title," ",e("span",{class:"muted",children:["· /",s.path]}),s.default?e("span",{class:"badge",children:"default"}):null]}),e(pr,{org:n,site:t.id,items:s.siteSpaces,reload:i}),e(cr,{org:n,site:t.id,section:s.id,spaces:r,reload:i}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await b(lt,{org:n,site:t.id,section:s.id}),i())),children:["Delete section ",s.title]})]},s.id)),e("h3",{children:"New section"}),e(q,{form:a,submit:"Add section",label:"New section",children:[e(L,{form:a,name:"title",label:"Title",hint:"2 to 64 characters; the space's title when empty."}),e(z,{form:a,name:"spaceId",label:"First space",options:ur(r)})]})]})}function yi({org:n,s:t,reload:r}){let i=W(),o=V({id:"new-group",initial:{title:""},reset:!0,submit:async s=>{await b(Wn,{org:n,site:t.id,input:{title:s.title}}),await r()}});if(t.sections.items.length===0&&t.sectionGroups.items.length===0)return null;let a=t.sections.items.filter(s=>!s.sectionGroup);return e("section",{"aria-labelledby":"groups-h",children:[e("h2",{id:"groups-h",children:"Section groups"}),e(A,{error:i.error}),t.sectionGroups.items.map(s=>e("div",{class:"card",children:[e("h3",{children:s.title}),e("ul",{class:"rows",children:s.sections.map(l=>e("li",{children:[e("span",{children:l.title}),e("button",{type:"button",disabled:i.busy,"aria-label":`Take ${l.title} out of ${s.title}`,onClick:()=>i.run(async()=>(await b(Rt,{org:n,site:t.id,group:s.id,section:l.id}),r())),children:"Take out"})]},l.id))}),a.length>0&&e("p",{class:"actions",children:a.map(l=>e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await b(Fn,{org:n,site:t.id,group:s.id,input:{sectionId:l.id}}),r())),children:["Put ",l.title," in ",s.title]},l.id))}),e("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>(await b(dt,{org:n,site:t.id,group:s.id}),r())),children:["Delete group ",s.title]})]},s.id)),e(q,{form:o,submit:"Add group",label:"New section group",children:e(L,{form:o,name:"title",label:"Group title",hint:"1 to 100 characters."})})]})}function bi({org:n,s:t,reload:r}){let i=W(),o=V({id:"new-share-link",initial:{name:""},reset:!0,submit:async a=>{await b(Yn,{org:n,site:t.id,input:{name:a.name}}),await r()}});return e("section",{"aria-labelledby":"links-h",children:[e("h2",{id:"links-h",children:"Share links"}),e(A,{error:i.error}),e("ul",{class:"rows",children:t.shareLinks.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.name||"Unnamed link"})," ",a.active?"":e("span",{class:"muted",children:"(deactivated)"}),a.urls.published&&e(f,{children:[" ",e("code",{class:"secret",children:a.urls.published})]})]}),e("span",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await b(Jt,{org:n,site:t.id,link:a.id,input:{active:!a.active}}),r())),children:[a.active?"Deactivate":"Activate"," ",e("span",{class:"visually-hidden",children:a.name})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Delete the share link ${a.name??""}`,onClick:()=>i.run(async()=>(await b(ot,{org:n,site:t.id,link:a.id}),r())),children:"Delete"})]})]},a.id))}),e(q,{form:o,submit:"Create share link",label:"New share link",children:e(L,{form:o,name:"name",label:"Name",hint:"Who it is for, at most 50 characters."})})]})}function hi({org:n,s:t,reload:r}){let i=V({id:"visitor-key",initial:{algorithm:"HS256",key:"",audience:""},reset:!0,submit:async o=>(await b(Et,{org:n,site:t.id,input:{algorithm:o.algorithm,key:o.key,audience:o.audience||null}}),await r(),"Key set.")});return e("section",{"aria-labelledby":"vk-h",children:[e("h2",{id:"vk-h",children:"Visitor authentication key"}),e("p",{"data-testid":"visitor-key",children:t.visitorKey?`A ${t.visitorKey.algorithm} key is set (${Y(t.visitorKey.updatedAt)})${t.visitorKey.audience?`, audience ${t.visitorKey.audience}`:""}.`:"No key is set: visitors cannot read the site until one is."}),e(q,{form:i,submit:t.visitorKey?"Replace key":"Set key",label:"Visitor key",children:[e(z,{form:i,name:"algorithm",label:"Algorithm",options:[["HS256","HS256 (shared secret, 32 bytes or more)"],["RS256","RS256 (RSA public key, PEM)"]]}),e(ce,{form:i,name:"key",label:"Key",hint:"Never shown again.",rows:3}),e(L,{form:i,name:"audience",label:"Audience (optional)"})]})]})}function fi({org:n,s:t,reload:r}){let i=t.customization??{},o=V({id:"customization",initial:{theme:i.styling?.theme??"clean",primaryColor:i.styling?.primaryColor?.light??"#346DDB"},api:{primaryColor:"styling"},submit:async a=>{let s={...i,styling:{...i.styling,theme:a.theme,primaryColor:{light:a.primaryColor,dark:a.primaryColor}}};return await b(Xt,{org:n,site:t.id,input:s}),await r(),"Saved."}});return e("section",{"aria-labelledby":"custom-h",children:[e("h2",{id:"custom-h",children:"Look"}),e(q,{form:o,submit:"Save look",label:"Site customization",children:[e(z,{form:o,name:"theme",label:"Theme",options:[["clean","Clean"],["muted","Muted"],["bold","Bold"],["gradient","Gradient"]]}),e(L,{form:o,name:"primaryColor",label:"Primary colour",hint:"A hex colour such as #346DDB, for light and dark."})]})]})}function mr({org:n}){let t=w(Wt,{org:n}),r=V({id:"new-site",initial:{title:"",visibility:"public",space:""},api:{space:"spaces"},submit:async i=>{let o=await b(Xn,{org:n,input:{title:i.title,visibility:i.visibility,spaces:i.space?[i.space]:null}});E(ie(o.createSite.urls.app))}});return e(x,{q:t,children:i=>e(f,{children:[e("h1",{children:["Sites (",i.organization.sites.count,")"]}),e("ul",{class:"rows",children:i.organization.sites.items.map(o=>e("li",{children:[e("span",{children:[e("a",{href:B.site(n,o.id),children:o.title}),e("span",{class:"muted",children:[" ","· ",o.published?"published":"not published"," · ",o.visibility," · ",o.siteSpaces," spaces"]})]}),o.urls.published&&e("a",{href:o.urls.published,children:"Open"})]},o.id))}),i.organization.permissions.createContent&&e(f,{children:[e("h2",{children:"New site"}),e(q,{form:r,submit:"Create site",label:"New site",children:[e(L,{form:r,name:"title",label:"Title",hint:"2 to 128 characters."}),e(z,{form:r,name:"visibility",label:"Who reads it",options:an}),e(z,{form:r,name:"space",label:"First space",options:[["","None yet"],...i.organization.spaces.items.map(o=>[o.id,o.title||"Untitled space"])]})]})]})]})})}function gr(){let n=w(Nn,{}),[t,r]=h(null),i=W(),o=V({id:"new-token",initial:{name:"",expiresAt:"",readOnly:!1},reset:!0,submit:async a=>{let s=a.expiresAt?new Date(a.expiresAt+"T23:59:59Z").toISOString():null,l=await b(Qn,{input:{name:a.name,expiresAt:s,readOnly:a.readOnly}});return r({name:l.createPersonalToken.name,token:l.createPersonalToken.token}),await n.reload(),`Token ${l.createPersonalToken.name} created.`}});return e(x,{q:n,children:a=>e(f,{children:[e("h1",{children:"Your account"}),e("p",{class:"muted",children:["Signed in as ",a.viewer.displayName," (",a.viewer.email,")."]}),e(A,{error:i.error}),e("section",{"aria-labelledby":"inv-h",children:[e("h2",{id:"inv-h",children:["Invitations (",a.invitations.count,")"]}),a.invitations.items.length===0?e("p",{class:"muted",children:"No pending invitations."}):e("ul",{class:"rows",children:a.invitations.items.map(s=>e("li",{children:[e("span",{children:[e("strong",{children:s.organization.title})," invites you as ",s.role??"guest",s.invitedBy?` (from ${s.invitedBy.displayName})`:""]}),e("span",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,"aria-label":`Accept the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>{let l=await b(Un,{org:s.organization.id,invitation:s.id});E($.org(l.joinOrganization.organization))}),children:"Accept"}),e("button",{type:"button",disabled:i.busy,"aria-label":`Decline the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>(await b(rt,{invitation:s.id}),n.reload())),children:"Decline"})]})]},s.id))})]}),e("section",{"aria-labelledby":"tokens-h",children:[e("h2",{id:"tokens-h",children:["Personal API tokens (",a.personalTokens.count,")"]}),e("p",{class:"muted",children:["Send a token as ",e("code",{children:"Authorization: Bearer <token>"})," to the REST API (/v1) or GraphQL (/graphql)."]}),t&&e("div",{class:"notice",role:"status",children:[e("p",{children:["The secret of ",e("strong",{children:t.name}),", shown this once: copy it now."]}),e("p",{children:e("code",{class:"secret","data-testid":"token-secret",children:t.token})}),e("button",{type:"button",onClick:()=>r(null),children:"Done"})]}),e("ul",{class:"rows",children:a.personalTokens.items.map(s=>e("li",{children:[e("span",{children:[e("strong",{children:s.commandLine?"(folio token create)":s.name}),s.readOnly?" · read-only":"",s.expired?" · expired":s.expiresAt?` · expires ${Y(s.expiresAt)}`:" · never expires",e("span",{class:"muted",children:[" · last used ",s.lastUsedAt?Y(s.lastUsedAt):"never"]})]}),e("button",{type:"button",disabled:i.busy,"aria-label":`Revoke ${s.name||"command-line token"}`,onClick:()=>i.run(async()=>(await b(qt,{id:s.id}),n.reload())),children:"Revoke"})]},s.id))}),e("h3",{children:"New token"}),e(q,{form:o,submit:"Create token",label:"New personal API token",children:[e(L,{form:o,name:"name",label:"Name",hint:"What the token is for, 1 to 100 characters."}),e(L,{form:o,name:"expiresAt",label:"Expires on (optional)",type:"date"}),e(Me,{form:o,name:"readOnly",label:"Read-only"})]})]})]})})}var vi=[["text","Text"],["number","Number"],["boolean","Yes or no"],["single-select","One of a list"],["multi-select","Several of a list"],["tags","Tags"]];function yr({org:n}){let t=w(tt,{org:n}),r=W(),i=V({id:"new-field",initial:{name:"",title:"",type:"text",description:"",options:""},reset:!0,submit:async o=>{let a=o.options.split(",").map(s=>s.trim()).filter(Boolean);return await b(Kn,{org:n,input:{name:o.name,title:o.title||null,type:o.type,description:o.description||null,options:a.length?a:null}}),await t.reload(),`Field ${o.name} created.`}});return e(f,{children:[e(ee,{org:n,current:"custom-fields"}),e(x,{q:t,children:o=>e(f,{children:[e("h1",{children:["Custom fields (",o.organization.customFields.count,")"]}),e(A,{error:r.error}),e("ul",{class:"rows",children:o.organization.customFields.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.title||a.name})," ",e("code",{children:a.name})," ",e("span",{class:"muted",children:["· ",a.type]}),a.options?.length?e("span",{class:"muted",children:[" · ",a.options.join(", ")]}):null]}),e("button",{type:"button",disabled:r.busy,"aria-label":`Delete the field ${a.name}`,onClick:()=>r.run(async()=>(await b(it,{org:n,name:a.name}),t.reload())),children:"Delete"})]},a.id))}),e("h2",{children:"New field"}),e(q,{form:i,submit:"Create field",label:"New custom field",children:[e(L,{form:i,name:"name",label:"Name",hint:"Lower-case letters, digits, '_' and '-'; at most 50."}),e(L,{form:i,name:"title",label:"Title (optional)"}),e(z,{form:i,name:"type",label:"Type",options:vi}),e(L,{form:i,name:"description",label:"Description (optional)"}),e(L,{form:i,name:"options",label:"Options",hint:"For a list: its options, separated by commas."})]})]})})]})}var br=n=>n||null;function hr({org:n}){let t=w(bt,{org:n}),r=W(),i=V({id:"invite",initial:{emails:"",role:"read"},reset:!0,submit:async o=>{let a=o.emails.split(/[\s,;]+/).map(l=>l.trim()).filter(Boolean),s=await b(yt,{org:n,input:{emails:a,role:br(o.role)}});return await t.reload(),`${s.inviteUsers.invited} invited.`}});return e(f,{children:[e(ee,{org:n,current:"members"}),e(x,{q:t,children:o=>e(f,{children:[e("h1",{children:["Members of ",o.organization.title]}),e(A,{error:r.error}),e("section",{"aria-labelledby":"members-h",children:[e("h2",{id:"members-h",children:["Members (",o.organization.members.count,")"]}),e("ul",{class:"rows",children:o.organization.members.items.map(a=>e("li",{children:[e("span",{children:[e("strong",{children:a.user.displayName})," ",e("span",{class:"muted",children:a.user.email}),a.disabled?" · disabled":"",e("span",{class:"muted",children:[" · joined ",Y(a.joinedAt)]})]}),e("span",{class:"actions",children:[e("label",{class:"visually-hidden",for:`role-${a.id}`,children:["Role of ",a.user.displayName]}),e("select",{id:`role-${a.id}`,value:a.role??"",disabled:r.busy,onChange:s=>{let l=s.target.value;r.run(async()=>(await b(Kt,{org:n,user:a.user.id,input:{role:br(l)}}),t.reload()))},children:ve.map(([s,l])=>e("option",{value:s,children:l},s))}),e("button",{type:"button",disabled:r.busy,"aria-label":`Remove ${a.user.displayName}`,onClick:()=>r.run(async()=>(await b(_t,{org:n,user:a.user.id}),t.reload())),children:"Remove"})]})]},a.id))})]}),e("section",{"aria-labelledby":"invitations-h",children:[e("h2",{id:"invitations-h",children:["Pending invitations (",o.organization.invitations.count,")"]}),e("ul",{class:"rows","data-testid":"invitations",children:o.organization.invitations.items.map(a=>e("li",{children:[e("span",{children:[a.email," ",e("span",{class:"muted",children:["· ",a.role??"guest"," · invited ",Y(a.createdAt)]})]}),e("button",{type:"button",disabled:r.busy,"aria-label":`Revoke the invitation of ${a.email}`,onClick:()=>r.run(async()=>(await b(Vt,{org:n,invitation:a.id}),t.reload())),children:"Revoke"})]},a.id))}),e("h3",{children:"Invite"}),e(q,{form:i,submit:"Send invitations",label:"Invite by e-mail",children:[e(ce,{form:i,name:"emails",label:"E-mail addresses",hint:"One or more, separated by spaces, commas or lines (at most 100).",rows:3}),e(z,{form:i,name:"role",label:"Role",options:ve})]})]})]})})]})}function fr({org:n}){let t=w(Ot,{org:n}),r=V({id:"new-saml",initial:{label:""},reset:!0,submit:async i=>(await b(Jn,{org:n,input:{label:i.label}}),await t.reload(),`Provider ${i.label} added: fill in its identity provider's settings below.`)});return e(f,{children:[e(ee,{org:n,current:"saml"}),e(x,{q:t,children:i=>e(f,{children:[e("h1",{children:"SAML single sign-on"}),i.organization.samlProviders.items.map(o=>e(Si,{org:n,p:o,teams:i.organization.teams.items,reload:t.reload},o.id)),e("h2",{children:"Add a provider"}),e(q,{form:r,submit:"Add provider",label:"New SAML provider",children:e(L,{form:r,name:"label",label:"Label",hint:"The name members see, 1 to 30 characters."})})]})})]})}function Si({org:n,p:t,teams:r,reload:i}){let o=W(),a=V({id:`saml-${t.id}`,initial:{label:t.label,ssoURL:t.ssoURL??"",entityID:t.entityID,certificate:t.certificate,defaultRole:t.defaultRole??"",defaultTeam:t.defaultTeam?.id??"",idpInitiated:t.idpInitiated},submit:async s=>(await b(Qt,{org:n,provider:t.id,input:{label:s.label,ssoURL:s.ssoURL||null,entityID:s.entityID,certificate:s.certificate,defaultRole:s.defaultRole?s.defaultRole:null,defaultTeam:s.defaultTeam||null,idpInitiated:s.idpInitiated}}),await i(),"Saved.")});return e("section",{class:"card","aria-labelledby":`saml-${t.id}-h`,children:[e("h2",{id:`saml-${t.id}-h`,children:[t.label," ",e("span",{class:"badge",children:t.status})]}),e("dl",{class:"pairs",children:[e("dt",{children:"ACS URL"}),e("dd",{children:e("code",{children:t.service.acsURL})}),e("dt",{children:"Entity id (metadata)"}),e("dd",{children:e("code",{children:t.service.entityID})}),e("dt",{children:"Sign-in starts at"}),e("dd",{children:e("code",{children:t.service.startURL})})]}),e(q,{form:a,submit:"Save provider",label:`Settings of ${t.label}`,children:[e(L,{form:a,name:"label",label:"Label"}),e(L,{form:a,name:"ssoURL",label:"Identity provider's sign-in URL",type:"url"}),e(L,{form:a,name:"entityID",label:"Identity provider's entity id"}),e(ce,{form:a,name:"certificate",label:"Signing certificate (PEM)",rows:4}),e(z,{form:a,name:"defaultRole",label:"Role of new members",options:ve}),e(z,{form:a,name:"defaultTeam",label:"Team of new members",options:[["","None"],...r.map(s=>[s.id,s.title])]}),e(Me,{form:a,name:"idpInitiated",label:"Accept sign-ins started at the identity provider"})]}),e(A,{error:o.error}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await b(at,{org:n,provider:t.id}),i())),children:["Delete provider ",t.label]})]})}function vr({org:n}){let t=w(Bt,{org:n}),r=V({id:"new-team",initial:{title:""},reset:!0,submit:async i=>(await b(et,{org:n,input:{title:i.title}}),await t.reload(),`Team ${i.title} created.`)});return e(f,{children:[e(ee,{org:n,current:"teams"}),e(x,{q:t,children:i=>e(f,{children:[e("h1",{children:["Teams (",i.organization.teams.count,")"]}),i.organization.teams.items.map(o=>e(ki,{org:n,team:o,members:i.organization.members.items,reload:t.reload},o.id)),e("h2",{children:"New team"}),e(q,{form:r,submit:"Create team",label:"New team",children:e(L,{form:r,name:"title",label:"Title"})})]})})]})}function ki({org:n,team:t,members:r,reload:i}){let o=W(),a=new Set(t.teamMembers.items.map(u=>u.organization.user.id)),s=r.filter(u=>!a.has(u.user.id)),l=V({id:`add-${t.id}`,initial:{member:""},reset:!0,api:{member:"add"},submit:async u=>{await b(Zt,{org:n,team:t.id,input:{add:[u.member]}}),await i()}});return e("section",{class:"card","aria-labelledby":`team-${t.id}`,children:[e("h2",{id:`team-${t.id}`,children:[t.title," ",e("span",{class:"muted",children:["(",t.members," members)"]})]}),e(A,{error:o.error}),e("ul",{class:"rows",children:t.teamMembers.items.map(u=>e("li",{children:[e("span",{children:[u.organization.user.displayName," ",e("span",{class:"muted",children:["· ",u.team.role]})]}),e("span",{class:"actions",children:[u.team.role!=="owner"&&e("button",{type:"button",disabled:o.busy,"aria-label":`Make ${u.organization.user.displayName} owner of ${t.title}`,onClick:()=>o.run(async()=>(await b(Ut,{org:n,team:t.id,user:u.organization.user.id,input:{role:"owner"}}),i())),children:"Make owner"}),e("button",{type:"button",disabled:o.busy,"aria-label":`Remove ${u.organization.user.displayName} from ${t.title}`,onClick:()=>o.run(async()=>(await b(wt,{org:n,team:t.id,user:u.organization.user.id}),i())),children:"Remove"})]})]},u.organization.user.id))}),s.length>0&&e(q,{form:l,submit:"Add to team",label:`Add a member to ${t.title}`,children:e(z,{form:l,name:"member",label:"Member",options:[["","Choose a member"],...s.map(u=>[u.user.id,`${u.user.displayName} (${u.user.email})`])]})}),e("button",{type:"button",class:"danger",disabled:o.busy,onClick:()=>o.run(async()=>(await b(pt,{org:n,team:t.id}),i())),children:["Delete team ",t.title]})]})}var _i=n=>n.split(/[\s,]+/).map(t=>t.trim()).filter(Boolean);function Sr({org:n}){let t=w(tr,{org:n}),[r,i]=h(null),o=V({id:"new-webhook",initial:{url:"",events:""},reset:!0,submit:async a=>{let s=_i(a.events),l=await b(nt,{org:n,input:{url:a.url,events:s.length?s:null}});return i(l.createWebhook.secret??null),await t.reload(),"Webhook added."}});return e(f,{children:[e(ee,{org:n,current:"webhooks"}),e(x,{q:t,children:a=>e(f,{children:[e("h1",{children:["Webhooks (",a.organization.webhooks.count,")"]}),r&&e("div",{class:"notice",role:"status",children:[e("p",{children:"The signing secret, shown this once: copy it now."}),e("p",{children:e("code",{class:"secret",children:r})}),e("button",{type:"button",onClick:()=>i(null),children:"Done"})]}),e("ul",{class:"rows",children:a.organization.webhooks.items.map(s=>e("li",{children:e("span",{children:[e("a",{href:B.webhook(n,s.id),children:s.url}),e("span",{class:"muted",children:[" ","· ",s.active?"on":"off"," · ",s.events.length?s.events.join(", "):"every event"]})]})},s.id))}),e("h2",{children:"Add a webhook"}),e(q,{form:o,submit:"Add webhook",label:"New webhook",children:[e(L,{form:o,name:"url",label:"URL",type:"url",hint:"An absolute http or https URL."}),e(L,{form:o,name:"events",label:"Events (optional)",hint:"Event types such as space.created or space.*, separated by commas; empty for every event."})]})]})})]})}function kr({org:n,id:t}){let r=w(nr,{org:n,webhook:t}),i=W();return e(f,{children:[e(ee,{org:n,current:"webhooks"}),e(x,{q:r,children:o=>{let a=o.organization.webhook;return e(f,{children:[e("h1",{children:"Webhook"}),e("p",{children:e("code",{children:a.url})}),e("p",{class:"muted",children:[a.active?"On":"Off",a.disabledReason?` (${a.disabledReason})`:""," · ",a.events.length?a.events.join(", "):"every event"," · added ",Y(a.createdAt)]}),e(A,{error:i.error}),e("p",{class:"actions",children:[e("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await b(er,{org:n,webhook:t,input:{active:!a.active}}),r.reload())),children:a.active?"Turn off":"Turn on"}),e("button",{type:"button",disabled:i.busy,onClick:()=>r.reload(),children:"Refresh"}),e("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>{await b(ct,{org:n,webhook:t}),E(B.webhooks(n))}),children:"Delete"})]}),e("h2",{children:["Deliveries (",a.deliveries.count,")"]}),a.deliveries.items.length===0?e("p",{class:"muted",children:"No deliveries yet: they come with the organization's next events."}):e("div",{class:"table-wrap",children:e("table",{"data-testid":"deliveries",children:[e("thead",{children:e("tr",{children:[e("th",{scope:"col",children:"Event"}),e("th",{scope:"col",children:"Status"}),e("th",{scope:"col",children:"Answer"}),e("th",{scope:"col",children:"When"}),e("th",{scope:"col",children:e("span",{class:"visually-hidden",children:"Actions"})})]})}),e("tbody",{children:a.deliveries.items.map(s=>e("tr",{children:[e("td",{children:[s.eventType,s.redeliveryOf?e("span",{class:"muted",children:" (redelivery)"}):null]}),e("td",{children:[s.status," ",e("span",{class:"muted",children:["· ",s.attempts," attempts"]})]}),e("td",{children:s.responseCode!=null?`${s.responseCode}${s.durationMs!=null?` in ${s.durationMs} ms`:""}`:s.error??"—"}),e("td",{children:Y(s.deliveredAt??s.createdAt)}),e("td",{children:e("button",{type:"button",disabled:i.busy,"aria-label":`Redeliver ${s.eventType} of ${Y(s.createdAt)}`,onClick:()=>i.run(async()=>(await b(kt,{org:n,webhook:t,delivery:s.id}),r.reload())),children:"Redeliver"})})]},s.id))})]})})]})}})]})}var ne=encodeURIComponent,B={sites:n=>`/app/o/${ne(n)}/sites`,site:(n,t)=>`/app/o/${ne(n)}/sites/${ne(t)}`,members:n=>`/app/o/${ne(n)}/admin/members`,teams:n=>`/app/o/${ne(n)}/admin/teams`,fields:n=>`/app/o/${ne(n)}/admin/custom-fields`,webhooks:n=>`/app/o/${ne(n)}/admin/webhooks`,webhook:(n,t)=>`/app/o/${ne(n)}/admin/webhooks/${ne(t)}`,saml:n=>`/app/o/${ne(n)}/admin/saml`,account:n=>`/app/o/${ne(n)}/account`};var Ri=[["members",B.members,"Members"],["teams",B.teams,"Teams"],["custom-fields",B.fields,"Custom fields"],["webhooks",B.webhooks,"Webhooks"],["saml",B.saml,"SAML"]];function ee({org:n,current:t}){return e("nav",{"aria-label":"Administration",class:"tabs",children:e("ul",{children:Ri.map(([r,i,o])=>e("li",{children:e("a",{href:i(n),"aria-current":r===t?"page":void 0,children:o})},r))})})}function _r({org:n,rest:t}){let r=t.split("/").map(i=>decodeURIComponent(i));switch(r[0]){case"sites":return r[1]?e(Ve,{org:n,site:r[1]}):e(mr,{org:n});case"account":return e(gr,{});case"admin":switch(r[1]){case"members":case void 0:return e(hr,{org:n});case"teams":return e(vr,{org:n});case"custom-fields":return e(yr,{org:n});case"webhooks":return r[2]?e(kr,{org:n,id:r[2]}):e(Sr,{org:n});case"saml":return e(fr,{org:n})}}return e(f,{children:[e("h1",{children:"Not found"}),e("p",{children:"There is no such screen."})]})}function Y(n){if(!n)return"—";let t=new Date(n);return isNaN(t.getTime())?n:t.toLocaleString()}var ve=[["","Guest"],["read","Read"],["comment","Comment"],["review","Review"],["edit","Edit"],["create","Create"],["admin","Admin"]];var Rr=wn({data:null,reload:async()=>{}});function wr(){return qn(Rr)}function xr({org:n,parent:t,collections:r,spaces:i,current:o}){let a=r.filter(l=>(l.parent??null)===t),s=i.filter(l=>(l.parent??null)===t);return!a.length&&!s.length?null:e("ul",{class:"tree",children:[a.map(l=>e("li",{children:[e("a",{href:$.collection(n,l.id),class:"collection","aria-current":o===l.id?"page":void 0,children:[e("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),e(xr,{org:n,parent:l.id,collections:r,spaces:i,current:o})]},l.id)),s.map(l=>e("li",{children:e("a",{href:$.space(n,l.id),"aria-current":o===l.id?"page":void 0,children:[l.emoji?e("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function $r({org:n,current:t,children:r}){let i=w(Nt,{org:n}),[o,a]=h(!1),[s,l]=h(!1);O(()=>{let p=g=>{let d=g.target,y=d&&(d.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(d.tagName));(g.key==="k"&&(g.ctrlKey||g.metaKey)||g.key==="/"&&!y&&!g.ctrlKey&&!g.metaKey&&!g.altKey)&&(g.preventDefault(),a(!0))};return document.addEventListener("keydown",p),()=>document.removeEventListener("keydown",p)},[]),O(()=>l(!1),[t,n]);let u=i.data,m=u?.organization,c=tn(n);return e(Rr.Provider,{value:{data:u,reload:i.reload},children:[e("a",{class:"skip",href:"#main",children:"Skip to content"}),e("header",{class:"top",children:[e("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[e("span",{"aria-hidden":"true",children:"☰"}),e("span",{class:"visually-hidden",children:"Spaces"})]}),e("a",{class:"brand",href:$.org(n),children:"Folio"}),u&&e("select",{"aria-label":"Organization",value:n,onChange:p=>E($.org(p.target.value)),children:u.organizations.items.map(p=>e("option",{value:p.id,children:p.title},p.id))}),e("button",{type:"button",class:"search-button",onClick:()=>a(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",e("kbd",{children:"/"})]}),e("span",{class:"spacer"}),u&&e("a",{class:"account",href:"/account",title:u.viewer.email??void 0,children:u.viewer.displayName})]}),e("div",{class:"frame",children:[e("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[i.error&&!u&&e("p",{class:"notice error",role:"alert",children:i.error.message}),c.length>0&&e("section",{"aria-labelledby":"recent-h",children:[e("h2",{id:"recent-h",children:"Recent"}),e("ul",{class:"tree",children:c.map(p=>e("li",{children:e("a",{href:$.space(n,p.id),children:[p.emoji?e("span",{"aria-hidden":"true",children:[p.emoji," "]}):null,p.title||"Untitled space"]})},p.id))})]}),m&&e("section",{"aria-labelledby":"tree-h",children:[e("h2",{id:"tree-h",children:m.title}),e(xr,{org:n,parent:null,collections:m.collections.items,spaces:m.spaces.items,current:t}),!m.collections.items.length&&!m.spaces.items.length&&e("p",{class:"muted",children:"No spaces yet."})]}),e("section",{"aria-labelledby":"manage-h",children:[e("h2",{id:"manage-h",children:"Manage"}),e("ul",{class:"tree",children:[e("li",{children:e("a",{href:B.sites(n),children:"Sites"})}),e("li",{children:e("a",{href:B.members(n),children:"Administration"})}),e("li",{children:e("a",{href:B.account(n),children:"Your tokens and invitations"})})]})]})]}),e("main",{id:"main",tabIndex:-1,children:r})]}),o&&e(lr,{org:n,onClose:()=>a(!1)})]})}function me({pages:n,href:t,current:r,label:i}){return e("nav",{class:"pages","aria-label":i,children:e(Cr,{pages:n,href:t,current:r})})}function Cr({pages:n,href:t,current:r}){return n.length?e("ul",{children:n.map(i=>e("li",{children:[i.type==="group"?e("span",{class:"group",children:i.title}):e("a",{href:t(i.id),"aria-current":r===i.id?"page":void 0,children:[i.emoji?e("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled"]}),i.pages&&e(Cr,{pages:i.pages,href:t,current:r})]},i.id))}):null}function on(n){for(let t of n){if(t.type==="document")return t;let r=t.pages&&on(t.pages);if(r)return r}}function Ir({org:n,space:t,number:r,page:i}){let o=w(Gn,{space:t,number:r});return e(x,{q:o,children:a=>{let s=a.space?.changeRequest;return!a.space||!s?e("h1",{children:"No such change request"}):e("div",{class:"reader",children:[e(me,{label:"Pages in this change request",pages:s.content.pages,href:l=>$.changeRequest(n,t,s.number,l),current:i}),e("article",{children:[e("p",{class:"crumb",children:[e("a",{href:$.space(n,t),children:a.space.title})," · change request #",s.number]}),e("h1",{children:s.subject||"Untitled change request"}),e("p",{children:[e("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),e("p",{children:e("a",{class:"review-link",href:$.review(n,t,s.number),children:"Review the changes, discuss and merge"})}),(s.status==="open"||s.status==="draft")&&e("p",{children:e("a",{class:"button primary",href:$.edit(n,t,s.number,i),children:"Edit pages"})})]})]})}})}function Ar({org:n,id:t}){let r=w(Bn,{id:t});return e(x,{q:r,children:i=>i.collection?e(f,{children:[e("h1",{children:i.collection.title}),i.collection.description&&e("p",{class:"lead",children:i.collection.description}),e("ul",{class:"cards",children:[i.collection.collections.items.map(o=>e("li",{children:e("a",{href:$.collection(n,o.id),children:o.title})},o.id)),i.collection.spaces.items.map(o=>e("li",{children:e("a",{href:$.space(n,o.id),children:[o.emoji?e("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]})},o.id))]})]}):e("h1",{children:"No such collection"})})}var sn=(n,t,r)=>`folio.draft.${n}.${t}.${r}`;function Pr(n,t,r){try{let i=JSON.parse(localStorage.getItem(sn(n,t,r))??"null");return i&&typeof i.markdown=="string"&&typeof i.title=="string"?i:null}catch{return null}}function Dr(n,t,r,i){try{localStorage.setItem(sn(n,t,r),JSON.stringify(i))}catch{}}function ge(n,t,r){try{localStorage.removeItem(sn(n,t,r))}catch{}}function ye({id:n,error:t,field:r}){let i=t?.forField(r);return e("span",{id:n,class:"field-error",role:i?"alert":void 0,children:i??""})}function Tr(n,t=null,r=0,i=[]){return n.forEach((o,a)=>{i.push({id:o.id,title:o.title,type:o.type,parent:t,index:a,depth:r,siblings:n.length}),o.pages&&Tr(o.pages,o.id,r+1,i)}),i}function qe(n){return n instanceof D?n:new D([{message:String(n)}])}function Lr({org:n,space:t,number:r,page:i}){let o=w(gt,{space:t,number:r,page:i??"",withPage:!!i}),[a,s]=h(null),[l,u]=h(null),[m,c]=h(!1),p=o.data?.space?.changeRequest;O(()=>{p&&s(p.revision)},[p?.revision]);let g=Te(()=>p?Tr(p.content.pages):[],[p]),d=async v=>{let C=await b(mt,{space:t,cr:r,input:{changes:v,baseRevision:a}});return s(C.updateChangeRequestContent.changeRequest.revision),C.updateChangeRequestContent},y=async(v,C)=>{c(!0);try{let _=await d(v);u(null),C?.(_),await o.reload()}catch(_){u(qe(_))}finally{c(!1)}},R=v=>y([{operation:"insert_page",ref:"new",title:"Untitled",into:v,document:{markdown:""}}],C=>{let _=C.changes.find(j=>j.ref==="new")?.page;_?.id&&E($.edit(n,t,r,_.id))}),S=(v,C,_)=>y([{operation:"update_page",page:v,into:C,at:_}]),I=v=>{confirm(`Delete “${v.title}” and its subpages from this change request?`)&&y([{operation:"delete_page",page:v.id}],()=>{ge(t,r,v.id),i===v.id&&E($.edit(n,t,r),!0)})};return e(x,{q:o,children:v=>{let C=v.space,_=C?.changeRequest;if(!C||!_)return e("h1",{children:"No such change request"});let j=g.find(X=>X.id===i);return e("div",{class:"editor-screen",children:[e("p",{class:"crumb",children:[e("a",{href:$.space(n,t),children:C.title})," · ",e("a",{href:$.changeRequest(n,t,_.number),children:["change request #",_.number]})]}),e("h1",{children:["Editing: ",_.subject||"Untitled change request"]}),!C.permissions.edit&&e("p",{class:"notice error",children:"You may read this change request but not edit it."}),e("div",{class:"editor-layout",children:[e("section",{class:"edit-tree","aria-labelledby":"edit-tree-h",children:[e("h2",{id:"edit-tree-h",children:"Pages"}),e(wi,{pages:_.content.pages,flat:g,current:i,href:X=>$.edit(n,t,r,X),onMove:S}),e("button",{type:"button",onClick:()=>R(null),disabled:m||!C.permissions.edit,children:"Add page"}),e(A,{error:l})]}),i&&_.content.page&&j?e(xi,{space:t,number:r,cr:_,page:_.content.page,flat:g,here:j,base:a??_.revision,edit:d,reload:o.reload,busy:m,onMove:S,onAddChild:()=>R(i),onDelete:()=>I(j),linkTo:X=>`/pages/${X}`},i):e("p",{class:"muted",children:g.length?"Choose a page to edit, or add one.":"No pages yet: add the first one."})]})]})}})}function wi({pages:n,flat:t,current:r,href:i,onMove:o}){let[a,s]=h(null),l=u=>e("ul",{children:u.map(m=>{let c=t.find(p=>p.id===m.id);return e("li",{draggable:!0,onDragStart:p=>{p.stopPropagation(),s(m.id),p.dataTransfer?.setData("text/plain",m.id)},onDragOver:p=>{a&&a!==m.id&&p.preventDefault()},onDrop:p=>{p.preventDefault(),p.stopPropagation();let g=a??p.dataTransfer?.getData("text/plain");s(null),g&&g!==m.id&&o(g,c.parent,c.index)},class:a===m.id?"dragging":void 0,children:[e("a",{href:i(m.id),"aria-current":r===m.id?"page":void 0,children:m.title||"Untitled"}),m.pages&&m.pages.length>0&&l(m.pages)]},m.id)})});return e("nav",{"aria-label":"Pages of this change request",class:"pages",children:l(n)})}function xi(n){let{space:t,number:r,page:i,flat:o,here:a}=n,s={title:i.title,markdown:i.markdown??""},l=Pr(t,r,i.id),[u,m]=h(l?.title??s.title),[c,p]=h(l?.markdown??s.markdown),[g,d]=h(s),[y,R]=h(!!l&&(l.title!==s.title||l.markdown!==s.markdown)),[S,I]=h(null),[v,C]=h(null),[_,j]=h(""),[X,se]=h(!1),[re,ke]=h(""),[Z,te]=h(null),[J,H]=h(!1),Oe=G(null),le=G(null),Ee=G({title:u,text:c});Ee.current={title:u,text:c};let Br=G(n.base);Br.current=n.base;let Ue=u!==g.title||c!==g.markdown;O(()=>{Ue?Dr(t,r,i.id,{title:u,markdown:c,base:n.base}):ge(t,r,i.id)},[u,c,g]),O(()=>{let k=new AbortController,F=setTimeout(async()=>{try{let Q=await b(xt,{markdown:c,space:t},k.signal);ke(Q.renderMarkdown),te(null)}catch(Q){k.signal.aborted||te(qe(Q).message)}},250);return()=>{clearTimeout(F),k.abort()}},[c]);let dn=async k=>{j(`Uploading ${k.map(F=>F.name).join(", ")}…`);try{let F=await Promise.all(k.map(async K=>({name:K.name,contentType:K.type||"application/octet-stream",base64:await Ii(K)}))),Q=await n.edit([{operation:"insert_files",files:F}]),_e=Q.insertedFiles.map(K=>K.contentType.startsWith("image/")?`![${K.name}](/files/${K.id})`:`[${K.name}](/files/${K.id})`).join(`
`);le.current?.insert(_e),j(`Uploaded ${Q.insertedFiles.length} file(s) to the space's files.`),I(null)}catch(F){I(qe(F)),j("")}},Ne=async(k=!1)=>{let{title:F,text:Q}=Ee.current,_e=[],K={operation:"update_page",page:i.id};if(F!==g.title&&(K.title=F),Q!==g.markdown&&(K.document={markdown:Q}),K.title===void 0&&K.document===void 0){j("Nothing to save.");return}_e.push(K),se(!0);try{await n.edit(_e),d({title:F,markdown:Q}),ge(t,r,i.id),R(!1),C(null),I(null),j(k?"Saved over the other changes.":"Saved."),n.reload()}catch(Jr){let un=qe(Jr),ze=un.code("PRECONDITION");ze?(C({pages:ze.extensions?.changedPages??[],revision:String(ze.extensions?.revision??""),mine:Q}),I(null)):I(un),j("")}finally{se(!1)}};O(()=>{let k=!1;return import("./chunk-7GQ4SLHR.js").then(({createEditor:F})=>{k||!Oe.current||(le.current=F(Oe.current,Ee.current.text,{label:"Page content, markdown",onChange:p,onFiles:dn,onSave:()=>Ne()}))}),()=>{k=!0,le.current?.destroy(),le.current=null}},[i.id]);let Fe=G(!1),Hr=async()=>{ge(t,r,i.id),Fe.current=!0,await n.reload()};O(()=>{if(!Fe.current)return;Fe.current=!1;let k=i.markdown??"";m(i.title),p(k),d({title:i.title,markdown:k}),le.current?.set(k),j("Reloaded: this is the change request's version now.")},[i.markdown,i.title]);let Kr=o.filter(k=>k.parent===a.parent),Qr=o.filter(k=>k.id!==a.id&&k.type==="document"&&!$i(o,k.id,a.id));return e("section",{class:"page-editor","aria-labelledby":"page-editor-h",children:[e("h2",{id:"page-editor-h",class:"visually-hidden",children:["Edit ",u||"page"]}),y&&e("div",{class:"notice",role:"status",children:["Unsaved changes from your last visit were restored."," ",e("button",{type:"button",onClick:()=>{m(s.title),p(s.markdown),le.current?.set(s.markdown),ge(t,r,i.id),R(!1)},children:"Discard them"})]}),v&&e("div",{class:"notice error",role:"alert",children:[e("p",{children:["Someone else changed this change request since you opened it:"," ",v.pages.length?v.pages.map(k=>`${k.title||k.id} (${k.change})`).join(", "):"its content",". Your text was not saved and is still here."]}),v.pages.some(k=>k.id===i.id)?e("p",{children:"This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs."}):e("p",{children:"This page is not among them: save again to add your change on top of theirs."}),e("p",{class:"actions",children:[e("button",{type:"button",onClick:Hr,children:"Reload this page"}),e("button",{type:"button",onClick:()=>Ne(!0),children:v.pages.some(k=>k.id===i.id)?"Save mine over theirs":"Save again"})]}),e("details",{children:[e("summary",{children:"Your text"}),e("pre",{class:"markdown",children:v.mine})]})]}),e("div",{class:"field",children:[e("label",{for:"page-title",children:"Title"}),e("input",{id:"page-title",value:u,maxLength:256,"aria-invalid":!!S?.forField("title"),"aria-describedby":"page-title-error",onInput:k=>m(k.target.value)}),e(ye,{id:"page-title-error",error:S,field:"title"})]}),e("div",{class:"toolbar",role:"toolbar","aria-label":"Page",children:[e("button",{type:"button",class:"primary save",onClick:()=>Ne(),disabled:X||!Ue,"aria-keyshortcuts":"Control+S",children:X?"Saving…":"Save"}),e("span",{class:"status",role:"status",children:Ue?"Unsaved changes":_}),e("button",{type:"button",onClick:()=>H(!J),"aria-expanded":J,children:"Link to a page"}),e("label",{class:"file-button",children:["Add files",e("input",{type:"file",multiple:!0,class:"visually-hidden",onChange:k=>{let F=k.target,Q=Array.from(F.files??[]);F.value="",Q.length&&dn(Q)}})]}),e("button",{type:"button",onClick:n.onAddChild,disabled:n.busy,children:"Add subpage"}),e("button",{type:"button",class:"danger",onClick:n.onDelete,disabled:n.busy,children:"Delete page"})]}),J&&e(Ci,{flat:o.filter(k=>k.id!==i.id&&k.type==="document"),onPick:k=>{le.current?.insert(`[${k.title}](${n.linkTo(k.id)})`),H(!1)}}),e("fieldset",{class:"move",children:[e("legend",{children:"Move"}),e("button",{type:"button",disabled:n.busy||a.index===0,onClick:()=>n.onMove(i.id,a.parent,a.index-1),children:"Up"}),e("button",{type:"button",disabled:n.busy||a.index>=Kr.length-1,onClick:()=>n.onMove(i.id,a.parent,a.index+1),children:"Down"}),e("label",{for:"move-into",children:"Inside"}),e("select",{id:"move-into",value:a.parent??"",disabled:n.busy,onChange:k=>{let F=k.target.value;n.onMove(i.id,F||null,1e5)},children:[e("option",{value:"",children:"(top level)"}),Qr.map(k=>e("option",{value:k.id,children:[" ".repeat(k.depth*2),k.title]},k.id))]})]}),S&&!S.forField("title")&&e(A,{error:S}),e("div",{class:"split",children:[e("div",{class:"source",ref:Oe}),e("section",{class:"preview","aria-labelledby":"preview-h",children:[e("h3",{id:"preview-h",children:"Preview"}),Z?e("p",{class:"notice error",children:Z}):e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:re}})]})]})]})}function $i(n,t,r){for(let i=n.find(o=>o.id===t);i;i=i.parent?n.find(o=>o.id===i.parent):void 0)if(i.id===r)return!0;return!1}function Ci({flat:n,onPick:t}){let[r,i]=h(""),o=n.filter(a=>a.title.toLowerCase().includes(r.trim().toLowerCase())).slice(0,8);return e("div",{class:"linker",children:[e("label",{for:"link-search",children:"Page title"}),e("input",{id:"link-search",type:"search",autoFocus:!0,value:r,onInput:a=>i(a.target.value),onKeyDown:a=>{a.key==="Enter"&&o[0]&&(a.preventDefault(),t(o[0]))}}),e("ul",{children:[o.map(a=>e("li",{children:e("button",{type:"button",onClick:()=>t(a),children:a.title})},a.id)),!o.length&&e("li",{class:"muted",children:"No page has that title."})]})]})}function Ii(n){return new Promise((t,r)=>{let i=new FileReader;i.onload=()=>t(String(i.result).replace(/^data:[^,]*,/,"")),i.onerror=()=>r(new Error(`${n.name} could not be read`)),i.readAsDataURL(n)})}function Mr({org:n}){let t=w(ft,{org:n});return e(x,{q:t,children:r=>r.organization?e(f,{children:[e("h1",{children:r.organization.title}),r.organization.permissions.createContent&&e(Ai,{org:n}),e("section",{"aria-labelledby":"spaces-h",children:[e("h2",{id:"spaces-h",children:["Spaces (",r.organization.spaces.count,")"]}),e("ul",{class:"cards",children:r.organization.spaces.items.map(i=>e("li",{children:[e("a",{href:$.space(n,i.id),children:[i.emoji?e("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]}),i.changeRequestsOpen>0&&e("span",{class:"muted",children:[" · ",i.changeRequestsOpen," open change requests"]})]},i.id))})]}),r.organization.changeRequests.items.length>0&&e("section",{"aria-labelledby":"cr-h",children:[e("h2",{id:"cr-h",children:"Open change requests"}),e("ul",{children:r.organization.changeRequests.items.map(i=>e("li",{children:[e("a",{href:ie(i.urls.app),children:["#",i.number," ",i.subject||"Untitled change request"]})," ",e("span",{class:"muted",children:i.status})]},i.id))})]})]}):e("h1",{children:"No such organization"})})}function Ai({org:n}){let t=wr(),[r,i]=h(""),[o,a]=h(null),[s,l]=h(!1);return e("form",{class:"inline-form",onSubmit:async u=>{u.preventDefault(),l(!0);try{let m=await b(Zn,{org:n,input:{title:r.trim()}});a(null),await t.reload(),E(ie(m.createSpace.urls.app))}catch(m){a(m instanceof D?m:new D([{message:String(m)}]))}finally{l(!1)}},children:[e("label",{for:"new-space-title",children:"New space"}),e("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!o?.forField("title"),"aria-describedby":"new-space-title-error",onInput:u=>i(u.target.value)}),e("button",{type:"submit",disabled:s,children:"Create space"}),e(ye,{id:"new-space-title-error",error:o,field:"title"}),o&&!o.forField("title")&&e(A,{error:o})]})}function Vr({org:n,slug:t}){let r=w(ht,{org:n,slug:t});return e(x,{q:r,children:i=>{let o=i.organization?.openAPISpec;return o?e(f,{children:[e("h1",{children:["OpenAPI: ",o.slug]}),e("dl",{children:[e("dt",{children:"State"}),e("dd",{children:o.processingState}),e("dt",{children:"Updated"}),e("dd",{children:new Date(o.updatedAt).toLocaleString()}),o.sourceURL&&e(f,{children:[e("dt",{children:"Source"}),e("dd",{children:o.sourceURL})]}),e("dt",{children:"Errors"}),e("dd",{children:o.lastProcessedErrorCount})]})]}):e("h1",{children:"No such OpenAPI specification"})}})}function ln(n,t,r,i){let o=JSON.stringify(t),a=G({onResult:r,onReconnect:i});a.current={onResult:r,onReconnect:i},O(()=>{let s=null,l,u=!1,m=0,c=()=>{let p="/graphql?"+new URLSearchParams({query:n.document,operationName:n.name,variables:o}).toString();s=new EventSource(p,{withCredentials:!0}),m++>0&&a.current.onReconnect?.(),s.addEventListener("next",d=>{try{let y=JSON.parse(d.data);y.data&&a.current.onResult(y.data)}catch{}});let g=()=>{s?.close(),u||(l=window.setTimeout(c,2e3))};s.addEventListener("complete",g),s.onerror=g};return c(),()=>{u=!0,window.clearTimeout(l),s?.close()}},[n,o])}var Pi=["👍","🎉","❤️"];function Se(n){return n instanceof D?n:new D([{message:String(n)}])}function qr({org:n,space:t,number:r}){let i=w(Tt,{space:t,number:r}),[o,a]=h(""),s=G({running:!1,again:!1}),l=async u=>{a(u);let m=s.current;if(m.running){m.again=!0;return}m.running=!0;try{do m.again=!1,await i.reload();while(m.again)}finally{m.running=!1}};return ln($t,{space:t,number:r},()=>l("The change request changed: updated."),()=>l("")),ln(Ct,{space:t,number:r},u=>l(u.commentsChanged.kind.startsWith("reply")?"A reply changed: updated.":"A comment changed: updated.")),e("div",{class:"review",children:e(x,{q:i,children:u=>{let m=u.space?.changeRequest;if(!u.space||!m)return e("h1",{children:"No such change request"});let c={space:t,number:r,viewer:u.viewer.id,canComment:u.space.permissions.comment,reload:i.reload},p=m.commentList.items.filter(y=>!y.target.page),g=y=>m.commentList.items.filter(R=>R.target.page?.id===y),d=m.status==="draft"||m.status==="open";return e(f,{children:[e("p",{class:"crumb",children:[e("a",{href:$.space(n,t),children:u.space.title})," · ",e("a",{href:$.changeRequest(n,t,m.number),children:["change request #",m.number]})]}),e("h1",{children:["Review: ",m.subject||"Untitled change request"]}),e("p",{children:[e("span",{class:"badge "+m.status,children:m.status})," by ",m.createdBy.displayName,", updated"," ",e("time",{dateTime:m.updatedAt,children:new Date(m.updatedAt).toLocaleString()}),m.outdated&&d&&" · the space has moved on since it started"]}),e("p",{class:"live-status muted",role:"status","aria-live":"polite",children:o}),e(A,{error:i.error,onRetry:i.reload}),d&&u.space.permissions.merge&&e(Li,{ctx:c},m.revision),e("section",{"aria-labelledby":"review-changes",children:[e("h2",{id:"review-changes",children:["Changes ",e("span",{class:"muted",children:["(",m.pageChanges.length===1?"1 page":`${m.pageChanges.length} pages`,")"]})]}),m.pageChanges.length===0&&e("p",{class:"muted",children:"This change request changes no page yet."}),m.pageChanges.map(y=>e(Di,{change:y,threads:g(y.id),ctx:c},y.id))]}),e("section",{"aria-labelledby":"review-discussion",children:[e("h2",{id:"review-discussion",children:"Discussion"}),p.length===0&&e("p",{class:"muted",children:"No comments yet."}),e("ol",{class:"threads",children:p.map(y=>e(Ur,{thread:y,ctx:c},y.id))}),c.canComment&&e(Er,{ctx:c,label:"Comment on the change request",id:"comment-cr"})]})]})}})})}var Or={added:"added",changed:"changed",moved:"moved",removed:"removed"};function Di({change:n,threads:t,ctx:r}){let i=n.diff,o="change-"+n.id;return e("article",{class:"page-change","aria-labelledby":o,children:[e("h3",{id:o,children:[e("span",{class:"badge kind-"+n.kind,children:Or[n.kind]})," ",n.title," ",e("span",{class:"muted path",children:["/",n.path,n.previousPath!=null&&` (was /${n.previousPath})`]})]}),e("p",{class:"muted",children:[i.added," ",i.added===1?"line":"lines"," added, ",i.removed," removed"]}),i.hunks.length>0&&e("div",{class:"diff-scroll",tabIndex:0,role:"region","aria-label":`Line diff of ${n.title}`,children:e("table",{class:"diff",children:[e("caption",{class:"visually-hidden",children:["Line diff of ",n.title,": old line, new line, text"]}),e("thead",{class:"visually-hidden",children:e("tr",{children:[e("th",{scope:"col",children:"Old line"}),e("th",{scope:"col",children:"New line"}),e("th",{scope:"col",children:"Text"})]})}),i.hunks.map((a,s)=>e("tbody",{children:[e("tr",{class:"hunk",children:e("td",{colSpan:3,children:["@@ −",a.oldStart,",",a.oldLines," +",a.newStart,",",a.newLines," @@"]})}),a.lines.map((l,u)=>e("tr",{class:"line "+l.kind,children:[e("td",{class:"num",children:l.oldNumber??""}),e("td",{class:"num",children:l.newNumber??""}),e("td",{class:"text",children:[e("span",{class:"sign","aria-label":l.kind==="context"?void 0:l.kind,children:l.kind==="added"?"+":l.kind==="removed"?"−":" "}),l.text]})]},u))]},s))]})}),i.truncated&&e("p",{class:"muted",children:"The diff stops here: the page changed too much to show whole."}),t.length>0&&e("ol",{class:"threads",children:t.map(a=>e(Ur,{thread:a,ctx:r},a.id))}),r.canComment&&n.kind!=="removed"&&e(Er,{ctx:r,page:n.id,label:`Comment on ${n.title}`,id:"comment-"+n.id})]})}function Er({ctx:n,page:t,label:r,id:i}){let[o,a]=h(""),[s,l]=h(!1),[u,m]=h(null);return e("form",{class:"comment-form",onSubmit:async p=>{p.preventDefault(),l(!0);try{await b(Pt,{space:n.space,number:n.number,page:t??null,markdown:o}),a(""),m(null),await n.reload()}catch(g){m(Se(g))}finally{l(!1)}},children:[e("label",{for:i,children:r}),e("textarea",{id:i,rows:3,value:o,onInput:p=>a(p.target.value),"aria-describedby":i+"-error",required:!0}),e(ye,{id:i+"-error",error:u,field:"markdown"}),u&&!u.forField("markdown")&&e(A,{error:u}),e("button",{type:"submit",class:"primary",disabled:s||!o.trim(),children:t?"Comment on page":"Comment"})]})}function Ur({thread:n,ctx:t}){let[r,i]=h(null),[o,a]=h(""),[s,l]=h(!1),u=async p=>{l(!0);try{await p(),i(null),await t.reload()}catch(g){i(Se(g))}finally{l(!1)}},m=n.status==="resolved",c="reply-"+n.id;return e("li",{class:"thread "+n.status,"aria-label":`Comment by ${n.postedBy.displayName}`,children:[e(Nr,{who:n.postedBy.displayName,at:n.postedAt,markdown:n.body.markdown??""}),m&&e("p",{class:"muted",children:"Resolved"}),e("div",{class:"actions",children:[e(Fr,{reactions:n.reactions,ctx:t,busy:s,onToggle:(p,g)=>u(()=>b(nn,{space:t.space,number:t.number,comment:n.id,input:g?{removedReactions:[p]}:{addedReactions:[p]}}))}),t.canComment&&e("button",{type:"button",disabled:s,onClick:()=>u(()=>b(nn,{space:t.space,number:t.number,comment:n.id,input:{resolved:!m}})),children:m?"Reopen":"Resolve"})]}),e(A,{error:r}),n.replyList.items.length>0&&e("ol",{class:"replies",children:n.replyList.items.map(p=>e(Ti,{reply:p,thread:n.id,ctx:t},p.id))}),n.permissions.reply&&e("form",{class:"reply-form",onSubmit:p=>{p.preventDefault(),u(async()=>{await b(Dt,{space:t.space,number:t.number,comment:n.id,markdown:o}),a("")})},children:[e("label",{for:c,children:["Reply to ",n.postedBy.displayName]}),e("textarea",{id:c,rows:2,value:o,onInput:p=>a(p.target.value),required:!0}),e("button",{type:"submit",disabled:s||!o.trim(),children:"Reply"})]})]})}function Ti({reply:n,thread:t,ctx:r}){let[i,o]=h(null),[a,s]=h(!1);return e("li",{class:"reply",children:[e(Nr,{who:n.postedBy.displayName,at:n.postedAt,markdown:n.body.markdown??""}),e(Fr,{reactions:n.reactions,ctx:r,busy:a,onToggle:async(l,u)=>{s(!0);try{await b(Lt,{space:r.space,number:r.number,comment:t,reply:n.id,input:u?{removedReactions:[l]}:{addedReactions:[l]}}),o(null),await r.reload()}catch(m){o(Se(m))}finally{s(!1)}}}),e(A,{error:i})]})}function Nr({who:n,at:t,markdown:r}){return e(f,{children:[e("p",{class:"byline",children:[e("strong",{children:n})," ",e("time",{dateTime:t,children:new Date(t).toLocaleString()})]}),e("p",{class:"body",children:r})]})}function Fr({reactions:n,ctx:t,busy:r,onToggle:i}){if(!t.canComment&&n.length===0)return null;let o=[...n.map(a=>a.emoji),...Pi.filter(a=>!n.some(s=>s.emoji===a))];return e("span",{class:"reactions",children:o.map(a=>{let s=n.find(m=>m.emoji===a),l=!!s?.users.some(m=>m.user.id===t.viewer),u=s?.count??0;return e("button",{type:"button",class:"reaction"+(l?" mine":""),"aria-pressed":l,"aria-label":`${a} ${u} ${l?"(yours: remove)":"(add)"}`,disabled:r||!t.canComment,onClick:()=>i(a,l),children:[a," ",u>0?u:""]},a)})})}function Li({ctx:n}){let[t,r]=h(null),[i,o]=h(null),[a,s]=h(!1),[l,u]=h(""),m=async()=>{s(!0);try{let p=await b(At,{space:n.space,number:n.number});r(p.previewMerge),o(null)}catch(p){o(Se(p))}finally{s(!1)}},c=async()=>{if(t){s(!0);try{let p=await b(It,{space:n.space,number:n.number,base:t.changeRequestRevision});u(p.mergeChangeRequest.revision),o(null),await n.reload()}catch(p){let g=Se(p);o(g),(g.code("PRECONDITION")||g.code("CONFLICT"))&&r(null)}finally{s(!1)}}};return e("section",{class:"merge-panel","aria-labelledby":"review-merge",children:[e("h2",{id:"review-merge",children:"Merge"}),l&&e("p",{role:"status",children:["Merged: the space is now at revision ",l,"."]}),!t&&!l&&e("button",{type:"button",class:"primary preview-merge",disabled:a,onClick:m,children:"Preview the merge"}),e(A,{error:i}),i?.code("PRECONDITION")&&e("p",{children:"The change request was edited after the preview: preview the merge again to see what it would do now."}),t&&!l&&e("div",{class:"merge-preview",children:[e("p",{children:[t.fastForward?"The space has not moved since this change request started: ":"The space has moved on: a three-way merge, ",t.changes.length===0?"the merge changes no page.":`the merge would change ${t.changes.length===1?"1 page":`${t.changes.length} pages`}:`]}),t.changes.length>0&&e("ul",{class:"merge-changes",children:t.changes.map(p=>e("li",{children:[e("span",{class:"badge kind-"+p.kind,children:Or[p.kind]})," ",p.title," ",e("span",{class:"muted",children:["/",p.path]}),p.previousPath!=null&&e("span",{class:"muted",children:[" (was /",p.previousPath,")"]})]},p.id))}),t.conflicts.length>0&&e("div",{class:"notice error conflicts",role:"alert",children:[e("p",{children:[e("strong",{children:t.conflicts.length===1?"1 conflict":`${t.conflicts.length} conflicts`}),": the merge cannot go ahead."]}),e("ul",{children:t.conflicts.map(p=>e("li",{children:[e("strong",{children:p.title}),p.path!=null&&e("span",{children:[" (/",p.path,")"]}),": ",p.message]},p.id))})]}),t.problem&&e("div",{class:"notice error",role:"alert",children:e("p",{children:t.problem})}),e("p",{class:"merge-buttons",children:[e("button",{type:"button",class:"primary do-merge",disabled:a||!t.mergeable,onClick:c,children:"Merge into the space"})," ",e("button",{type:"button",disabled:a,onClick:m,children:"Preview again"})]})]})]})}function zr({org:n,space:t,revision:r,page:i}){let o=w(Mt,{space:t,revision:r,page:i??"",withPage:!!i});return e(x,{q:o,children:a=>{let s=a.space?.revisionById;return!a.space||!s?e("h1",{children:"No such revision"}):e("div",{class:"reader",children:[e(me,{label:"Pages in this revision",pages:s.pages,href:l=>$.revision(n,t,s.id,l),current:i}),e("article",{children:[e("p",{class:"crumb",children:[e("a",{href:$.space(n,t),children:a.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?e(f,{children:[e("h1",{children:s.page.title}),e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:s.page.html??""}})]}):e("h1",{children:["Revision ",s.id]})]})]})}})}function Wr({org:n,site:t,preview:r}){let i=w(zt,{org:n,site:t});return e(x,{q:i,children:o=>{let a=o.organization?.site;return a?e(f,{children:[e("h1",{children:[a.title,r?" (preview)":""]}),e("p",{children:[a.published?"Published":"Not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]}),e("ul",{children:[a.urls.published&&e("li",{children:e("a",{href:a.urls.published,children:"Open the published site"})}),e("li",{children:e("a",{href:a.urls.preview,children:"Preview"})})]})]}):e("h1",{children:"No such site"})}})}function jr({org:n,space:t,page:r}){let i=w(jt,{org:n,space:t,page:r??"",withPage:!!r}),[o,a]=h(null),[s,l]=h(!1),u=i.data?.space;return O(()=>{u&&sr(n,{id:u.id,title:u.title,emoji:u.emoji})},[u?.id]),e(x,{q:i,children:m=>{let c=m.space;if(!c)return e("h1",{children:"No such space"});let p=on(c.revision.pages),g=c.revision.page,d=m.organization?.changeRequests.items.find(S=>S.createdBy.id===m.viewer.id),y=async()=>{if(d){E($.edit(n,t,d.number,r));return}l(!0);try{let S=await b(Hn,{space:t,subject:null});E($.edit(n,t,S.createChangeRequest.number,r))}catch(S){a(S instanceof D?S:new D([{message:String(S)}]))}finally{l(!1)}},R=e(f,{children:[c.emoji?e("span",{"aria-hidden":"true",children:[c.emoji," "]}):null,c.title||"Untitled space"]});return e("div",{class:"reader",children:[e(me,{label:"Pages",pages:c.revision.pages,href:S=>$.page(n,c.id,S),current:r??p?.id}),e("article",{children:[e("div",{class:"space-bar",children:[g?e("p",{class:"crumb",children:R}):e("h1",{children:R}),c.permissions.edit&&e("button",{type:"button",class:"primary edit",onClick:y,disabled:s,children:d?`Edit (continue #${d.number})`:"Edit"}),c.urls.published&&e("a",{href:c.urls.published,children:"Published site"})]}),e(A,{error:o}),g?e(f,{children:[e("h1",{children:g.title}),g.description&&e("p",{class:"lead",children:g.description}),e("div",{class:"page-body",dangerouslySetInnerHTML:{__html:g.html??""}})]}):p?e("p",{children:e("a",{href:$.page(n,c.id,p.id),children:["Read ",p.title]})}):e("p",{class:"muted",children:["This space has no pages yet",c.permissions.edit?": Edit to write the first one.":"."]})]})]})}})}function Mi(n){switch(n.kind){case"changeRequest":return`Change request #${n.number} · Folio`;case"review":return`Review #${n.number} · Folio`;case"edit":return`Editing change request #${n.number} · Folio`;case"site":return"Site · Folio";case"manage":return n.rest.startsWith("sites")?"Sites · Folio":n.rest.startsWith("account")?"Your account · Folio":"Administration · Folio";case"openapi":return`OpenAPI ${n.slug} · Folio`;default:return"Folio"}}function Vi({route:n}){switch(n.kind){case"org":return e(Mr,{org:n.org});case"collection":return e(Ar,{org:n.org,id:n.id});case"space":return e(jr,{org:n.org,space:n.space,page:n.page});case"revision":return e(zr,{org:n.org,space:n.space,revision:n.revision,page:n.page});case"changeRequest":return e(Ir,{org:n.org,space:n.space,number:n.number,page:n.page});case"review":return e(qr,{org:n.org,space:n.space,number:n.number});case"edit":return e(Lr,{org:n.org,space:n.space,number:n.number,page:n.page});case"site":return n.preview?e(Wr,{org:n.org,site:n.site,preview:!0}):e(Ve,{org:n.org,site:n.site});case"manage":return e(_r,{org:n.org,rest:n.rest});case"openapi":return e(Vr,{org:n.org,slug:n.slug});default:return null}}function qi(){let n=w(Gt,{}),t=n.data?.organizations.items[0];return O(()=>{t&&E($.org(t.id),!0)},[t?.id]),e("main",{id:"main",class:"start",children:e(x,{q:n,children:r=>r.organizations.items.length?e("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):e(f,{children:[e("h1",{children:["Welcome, ",r.viewer.displayName]}),e("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",e("a",{href:"/account",children:"account page"}),"."]})]})})})}function Gr(){let n=ar();if(O(()=>{document.title=Mi(n),document.getElementById("main")?.focus({preventScroll:!0})},[n]),n.kind==="start")return e(qi,{});if(n.kind==="notFound")return e("main",{id:"main",class:"start",children:[e("h1",{children:"Not found"}),e("p",{children:["The app has no page at ",n.path,". ",e("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let t=n.kind==="space"||n.kind==="revision"||n.kind==="changeRequest"||n.kind==="edit"?n.space:n.kind==="collection"?n.id:void 0;return e($r,{org:n.org,current:t,children:e(Vi,{route:n})})}ir();Rn(e(Gr,{}),document.getElementById("app"));
