var C,st,Lr,oe,Fe,$e,lt,ke,dt,je,Ne,ut,ye=Symbol.for("pv"),Ie={},Ae=[],Vr=/^m(i|n|o|s|text|space)$/,Ge=Array.isArray,pt=Ae.slice,de=Object.assign;function le(e){e&&e.parentNode&&e.remove()}function Re(e,n,r,i,a){var o={type:e,props:n,key:r,ref:i,__k:null,__:null,__b:0,__e:null,__c:null,constructor:ye,__v:a||++st,__i:-1,__u:0};return!a&&C.vnode&&C.vnode(o),o}function f(e){return e.children}function xe(e,n){this.props=e,this.context=n,this.__g=0}function ae(e,n){if(n==null)return e.__&&ae(e.__,e.__i+1);for(var r;n<e.__k.length;n++)if((r=e.__k[n])&&r.__e)return r.__e;return typeof e.type!="function"||e.props.__P?null:ae(e)}function Mr(e){var n,r=e.__v,i=r.__e,a=[],o=[],s=e.__P;s&&((n=de({constructor:ye},r)).__v=r.__v+1,C.vnode&&C.vnode(n),He(s,n,r,e.__n,s.namespaceURI,32&r.__u?[i]:null,a,i||ae(r),32&r.__u,o),n.__v=r.__v,n.__.__k[n.__i]=n,ht(a,n,o),r.__=r.__e=null,n.__e!=i&&ct(n))}function ct(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(n){return n&&(e.__e=n.__e)}),ct(e)}function We(e){(8&e.__g||(e.__g|=8,oe.push(e),$e++))&&Fe==C.debounceRendering||((Fe=C.debounceRendering)||queueMicrotask)(gt)}function gt(){try{for(var e,n=1;oe.length;)oe.length>n&&oe.sort(lt),e=oe.shift(),n=oe.length,8&e.__g&&Mr(e)}finally{($e=oe.length)&&(Fe||queueMicrotask)(gt)}}function mt(e,n,r,i,a,o,s,l,p,g,u){var c,m,d,y,R,v,I=i.__k||Ae,h=n.length;for(p=Or(r,n,I,p,h),c=0;c<h;c++)(d=r.__k[c])!=null&&(m=~d.__i&&I[d.__i]||Ie,d.__i=c,v=He(e,d,m,a,o,s,l,p,g,u),y=d.__e,(m.ref!=d.ref||8&m.__u)&&(m.ref&&Be(m.ref,null,d,m),d.ref&&u.push(d.ref,d.__c||y,d)),R=R||y,4&d.__u?(p=yt(d,p,e,!m.__v),m.__e&&(m.__e=null)):typeof d.type=="function"&&v!==void 0?p=v:y&&(p=y.nextSibling),d.__u&=-21);return r.__e=R,p}function Or(e,n,r,i,a){var o,s,l,p,g,u,c,m,d,y=r.length,R=y,v=0,I=0,h=e.__k=Array(a);for(o=0;o<a;o++)(s=n[o])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=h[o]=Re(null,s):Ge(s)?s=h[o]=Re(f,{children:s}):s.constructor===ye&&s.__b?s=h[o]=Re(s.type,s.props,s.key,s.ref,s.__v):h[o]=s,p=o+v,s.__=e,s.__b=e.__b+1,l=null,~(g=s.__i=Er(s,r,p,R))&&(R--,(l=r[g])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,g==p-1?v--:g==p+1?v++:g!=p&&(g>p?v--:v++,I=1)):(~g||(a>y?v--:a<y&&v++),typeof s.type!="function"&&(s.__u|=4))):h[o]=null;if(I){for(u=[],c=[],o=0;o<a;o++)if((s=h[o])&&16&s.__u){for(v=0,m=u.length;v<m;)u[d=v+m>>1]<s.__i?v=d+1:m=d;u[v]=s.__i,c[o]=v+1}for(v=u.length;o--;)c[o]&&(c[o]==v?v--:h[o].__u|=4)}if(R)for(o=0;o<y;o++)!(l=r[o])||2&l.__u||(l.__e==i&&(i=ae(l)),Ke(l,l));return i}function yt(e,n,r,i){var a,o,s,l;if(typeof e.type=="function"){if(e.props.__P)return n;if(a=e.__k)for(o=0;o<a.length;o++)a[o]&&(a[o].__=e,n=yt(a[o],n,r,!1));return n}for(n&&!n.parentNode&&(n=ae(e))&&!n.parentNode&&(n=null),s=e.__e,l=n;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!i&&r.moveBefore&&s.parentNode?r.moveBefore(s,n):r.insertBefore(s,n||null)),n=s;(n=n&&n.nextSibling)&&n.nodeType==8&&!n.data.startsWith("$s"););return n}function Er(e,n,r,i){var a,o=e.key,s=e.type,l=n[r],p=l&&!(2&l.__u);if(l===null&&o==null||p&&o==l.key&&s==l.type)return r;if(i>(p?1:0)){for(a=r-1;a>=0;a--)if((l=n[a])&&!(2&l.__u)&&o==l.key&&s==l.type)return a;for(a=r+1;a<n.length;a++)if((l=n[a])&&!(2&l.__u)&&o==l.key&&s==l.type)return a}return-1}function at(e,n,r){r==null&&(r=""),n[0]=="-"?e.setProperty(n,r):e[n]=r}function _e(e,n,r,i,a){var o,s;if(n=="style")if(typeof r=="string")e.style.cssText=r;else{if(typeof i=="string"&&(e.style.cssText=i=""),i)for(n in i)r&&n in r||at(e.style,n);if(r)for(n in r)i&&r[n]==i[n]||at(e.style,n,r[n])}else if(n[0]=="o"&&n[1]=="n")typeof r!="function"&&(r=null),typeof i!="function"&&(i=null),(e.__e||(e.__e={}))[n]=r,r&&i||(s=Ne[n]||(Ne[n]=Ur(n)),(e.__a||(e.__a={}))[n]=je,o=n!=(n=n.replace(dt,"$1")),(n=n.slice(2))[0]<"a"&&(n=n.toLowerCase()),r?e.addEventListener(n,s,o):e.removeEventListener(n,s,o));else{if(a=="http://www.w3.org/2000/svg")n=n.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(n!="width"&&n!="height"&&n!="href"&&n!="list"&&n!="form"&&n!="tabIndex"&&n!="download"&&n!="rowSpan"&&n!="colSpan"&&n!="role"&&n!="popover"&&n in e)try{return void(e[n]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&n[4]!="-"?e.removeAttribute(n):e.setAttribute(n,n=="popover"&&r==1?"":r)}}function Ur(e){return function(n){var r=this.__e;if(r){if(r=r[e],n[ke]==null)n[ke]=je++;else if(n[ke]<this.__a[e])return;return r(C.event?C.event(n):n)}}}function He(e,n,r,i,a,o,s,l,p,g){var u,c,m,d,y,R,v,I,h,w,_,j,Y,se,re,ve,X,ne,Q=n.type;if(n.constructor!==ye)return null;128&r.__u&&(p=32&r.__u,u=r.__c.__z)&&(n.__u|=p,c=o=[],u.nodeType==8?l=we(u,o):o.push(u),l=o[0]||l),(u=C.__b)&&u(n);e:if(typeof Q=="function"){m=s.length;try{if(I=n.props,h=(u=Q.prototype)&&u.render,w=(u=Q.contextType)&&i[u.__c],_=u?w?w.props.value:u.__:i,(d=r.__c)?(n.__c=d,2&d.__g&&(d.__g|=1)):(h?n.__c=d=new Q(I,_):(n.__c=d=new xe(I,_),d.constructor=Q,d.render=qr),w&&w.sub(d),d.state||(d.state={}),d.__n=i,d.__g|=8,d.__h=[],d.__k=[]),h&&(d.__s||(d.__s=d.state),Q.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=de({},d.__s)),de(d.__s,Q.getDerivedStateFromProps(I,d.__s)))),y=d.props,R=d.state,d.__v=n,r.__c){if(I!==y&&h&&!Q.getDerivedStateFromProps&&d.componentWillReceiveProps&&d.componentWillReceiveProps(I,_),n.__v==r.__v&&!(8&d.__g)||!(4&d.__g)&&d.shouldComponentUpdate&&d.shouldComponentUpdate(I,d.__s,_)===!1){n.__v!=r.__v&&(d.props=I,d.state=d.__s,d.__g&=-9),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(H){H&&(H.__=n)}),Ae.push.apply(d.__h,d.__k),d.__k=[],d.__h.length&&s.push(d),l=ae(r);break e}d.componentWillUpdate&&d.componentWillUpdate(I,d.__s,_),h&&d.componentDidUpdate&&d.__h.push(function(){d.componentDidUpdate(y,R,v)})}else h&&!Q.getDerivedStateFromProps&&d.componentWillMount&&d.componentWillMount(),h&&d.componentDidMount&&d.__h.push(d.componentDidMount);d.context=_,d.props=I,d.__P=e,d.__g&=-5,j=C.__r,Y=h?25:0;do d.__g&=-9,j&&j(n),u=d.render(d.props,d.state=d.__s,d.context);while(8&d.__g&&++Y<25);h&&(Ae.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(i=de({},i,d.getChildContext())),h&&r.__c&&d.getSnapshotBeforeUpdate&&(v=d.getSnapshotBeforeUpdate(y,R)),se=u&&u.type===f&&u.key==null?u.props.children:u,I.__P&&(u=l,a=(e=I.__P).namespaceURI,p=o=null,r.props&&r.props.__P!=e&&(r.__k.some(function(H){H&&Ke(H,H)}),r.__k=null),l=r.__k?ae(r,0):null),l=mt(e,Ge(se)?se:[se],n,r,i,a,o,s,l,p,g),I.__P&&(n.__e=null,l=u),n.__u&=-161,c&&c.some(le),d.__h.length&&s.push(d),1&d.__g&&(d.__g&=-4)}catch(H){if(s.length=m,n.__v=null,p||o)if(H&&H.then){if(n.__u|=128|p,o){for(~(X=o.indexOf(l||void 0))||(X=o.length);(ne=o[X-1])&&ne.nodeType==8;)X--;for(;X<o.length;X++)if(ne=o[X])if(o[X]=null,re){if(ne==ve)break}else{if(ne.nodeType!=8)break;ne.data.startsWith("$s")&&(ve=we(re=ne))}}if(!re){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;re=l}(u=we(re=n.__c.__z||(n.__c.__z=re)))?(n.__e=re,l=u):n.__e=l,l=l&&l.nextSibling}else o&&o.some(le);else n.__e=r.__e;n.__k||(n.__k=r.__k||[]),H&&H.then||bt(n),C.__e(H,n,r)}}else l=n.__e=zr(r.__e,n,r,i,a,o,s,p,g,e);return(u=C.diffed)&&u(n),l}function we(e,n){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var r=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))r++;else if(e.data.startsWith("/$s")&&!--r)return e}n&&n.push(e)}}function bt(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(bt))}function ht(e,n,r){for(var i=0;i<r.length;)Be(r[i++],r[i++],r[i++]);C.__c&&C.__c(n,e),e.some(function(a){try{e=a.__h,a.__h=[],e.some(function(o){o.call(a)})}catch(o){C.__e(o,a.__v)}})}function zr(e,n,r,i,a,o,s,l,p,g){var u,c,m,d,y,R,v,I,h=r.props||Ie,w=n.props,_=n.type;if(_=="svg"?a="http://www.w3.org/2000/svg":_=="math"?a="http://www.w3.org/1998/Math/MathML":a||(a="http://www.w3.org/1999/xhtml"),o){for(u=0;u<o.length;u++)if((y=o[u])&&(_?y.localName==_:y.nodeType==3)){e=y,o[u]=null;break}}if(!e){if(I=g.ownerDocument||document,!_)return I.createTextNode(w);e=I.createElementNS(a,_,w.is?w:g),l&&(C.__m&&C.__m(n,o),l=!1),o=null}if(_){if(g=_=="template"&&e.content||e,o=_=="textarea"&&w.defaultValue!=null?null:o&&pt.call(g.childNodes),!l&&o)for(h={},u=0;u<e.attributes.length;u++)h[(y=e.attributes[u]).name]=y.value;for(u in h)y=h[u],u=="dangerouslySetInnerHTML"?m=y:u=="children"||u in w||u=="value"&&"defaultValue"in w||u=="checked"&&"defaultChecked"in w||_e(e,u,null,y,a);for(u in w)y=w[u],u=="children"?d=y:u=="dangerouslySetInnerHTML"?c=y:u=="value"?R=y:u=="checked"?v=y:l&&typeof y!="function"||h[u]===y||_e(e,u,y,h[u],a);c?(l||m&&(c.__html==m.__html||c.__html==e.innerHTML)||(e.innerHTML=c.__html),n.__k=[]):(m&&(e.textContent=""),(_=="foreignObject"||a=="http://www.w3.org/1998/Math/MathML"&&Vr.test(_))&&(a="http://www.w3.org/1999/xhtml"),mt(g,Ge(d)?d:[d],n,r,i,a,o,s,o?o[0]:r.__k&&ae(r,0),l,p),o&&o.some(le)),l&&_!="textarea"||(u="value",_=="progress"&&R==null?e.removeAttribute(u):R==null||R===e[u]&&(_!="progress"||R)||_e(e,u,R,h[u],a),u="checked",v!=null&&v!=e[u]&&_e(e,u,v,h[u],a))}else h===w||l&&e.data==w||(e.data=w);return e}function Be(e,n,r,i){try{typeof e=="function"?n?n.__x=e(n)||1:i&&(i=i.__c||i.__e)&&(n=i.__x)&&(i.__x=null,typeof n=="function"?n():e(null)):e.current=n}catch(a){C.__e(a,r)}}function Ke(e,n,r){var i,a,o,s;if(C.unmount&&C.unmount(e),!(i=e.ref)||i.current&&i.current!=e.__e||Be(i,null,n,e),i=e.__c){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(l){C.__e(l,n)}i.__P=i.__n=null}if(i=e.__k)for(s=0;s<i.length;s++)i[s]&&Ke(i[s],n,typeof e.type!="function"||r&&!e.props.__P);!r&&(i=e.__c)&&(i=i.__z)&&(a=we(i,o=[]))&&(i==e.__e&&o.some(le),le(a),le(i)),r||le(e.__e),e.__e=e.__c=e.__=null}function qr(e,n,r){return this.constructor(e,r)}function ft(e,n){var r,i,a,o;C.__&&C.__(e,n),n.nodeType==9&&(n=n.documentElement),i=(r=e&&32&e.__u)?null:n.__k,n.__k=Re(f,{children:[e]}),a=[],o=[],He(n,n.__k,i||Ie,Ie,n.namespaceURI,i?null:n.firstChild?pt.call(n.childNodes):null,a,i?i.__e:n.firstChild,r,o),ht(a,n.__k,o),n.__k.props.children=null}function vt(e){function n(r){var i,a;return this.getChildContext||(i=new Set,(a={})[n.__c]=this,this.getChildContext=function(){return a},this.shouldComponentUpdate=function(o){this.props.value!=o.value&&i.forEach(function(s){s.__g|=4,We(s)})},this.sub=function(o){i.add(o);var s=o.componentWillUnmount;o.componentWillUnmount=function(){i.delete(o),s&&s.call(o)}}),r.children}return n.__c="__cC"+ut++,n.__=e,n.Provider=(n.Consumer=function(r,i){return r.children(i)}).contextType=n,n}C={__e:function(e,n,r,i){for(var a,o,s;n=n.__;)if((a=n.__c)&&!(1&a.__g)){a.__g|=4;try{if((s=(o=a.constructor)&&o.getDerivedStateFromError)&&a.setState(o.getDerivedStateFromError(e)),a.componentDidCatch&&(a.componentDidCatch(e,i||{}),s=1),s&&8&a.__g)return void(a.__g|=2)}catch(l){e=l}}throw $e=0,e}},st=0,Lr=function(e){return e!=null&&e.constructor===ye},xe.prototype.setState=function(e,n){var r=this.__s;r&&r!=this.state||(r=this.__s=de({},this.state)),typeof e=="function"&&(e=e(de({},r),this.props)),e&&(de(r,e),this.__v&&(n&&this.__k.push(n),We(this)))},xe.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),We(this))},xe.prototype.render=f,oe=[],$e=0,lt=function(e,n){return e.__v.__b-n.__v.__b},ke=Symbol(),dt=/(PointerCapture)$|Capture$/i,je=0,Ne={},ut=0;var pe,U,Qe,St,Je=Object.is,he=0,Ct=[],Ye=[],z=C,_t=z.__b,kt=z.__r,Rt=z.diffed,xt=z.__c,wt=z.unmount,$t=z.__;function Ce(e,n){z.__h&&z.__h(U,e,he||n),he=0;var r=U.__H||(U.__H={__:[],__h:[]});return e>=r.__.length&&r.__.push({}),r.__[e]}function S(e){return he=1,Fr(Lt,e)}function Fr(e,n,r){var i=Ce(pe++,2);if(i.t=e,!i.__c&&(i.__=[r?r(n):Lt(void 0,n),function(o){var s=(i.__N||i.__)[0],l=i.t(s,o);Je(s,l)||(i.__N=[l,i.__[1]],i.__c.setState({}))}],i.__c=U,!U.__f)){U.__f=!0;var a=U.shouldComponentUpdate;U.shouldComponentUpdate=function(o,s,l){var p=this.__H;if(!p)return!0;var g=!1,u=this.props!=o;if(p.__.some(function(m){m.__N&&(g=!0,Je(m.__[0],m.__N[0])||(u=!0))}),a){var c=a.call(this,o,s,l);return g?c||u:c}return!g||u}}return i.__}function q(e,n){var r=Ce(pe++,3);!z.__s&&Tt(r.__H,n)&&(r.__P=!0,r.__=e,r.u=n,U.__H.__h.push(r))}function Z(e){return he=5,De(function(){return{current:e}},[])}function De(e,n){var r=Ce(pe++,7);return Tt(r.__H,n)&&(r.__=e(),r.__H=n),r.__}function Dt(e,n){return he=8,De(function(){return e},n)}function Pt(e){var n=U.context[e.__c],r=Ce(pe++,9);return r.c=e,n?(r.__==null&&(r.__=!0,n.sub(U)),n.props.value):e.__}function Nr(){var e;do{for(;e=Ye.shift();)try{be(e)}catch(r){z.__e(r,{__:(e=e.__P)&&e.__v})}for(;e=Ct.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(be),n.__h.some(Xe),n.__h=[]}catch(r){n.__h=[],z.__e(r,e.__v)}}}while(Ye.length)}z.__b=function(e){U=null,_t&&_t(e)},z.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),$t&&$t(e,n)},z.__r=function(e){kt&&kt(e),pe=0;var n=(U=e.__c).__H;n&&(Qe==U?U.__h=[]:(n.__h.some(be),n.__h.some(Xe),pe=0),n.__h=[],n.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),Qe=U},z.diffed=function(e){Rt&&Rt(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&At(Ct.push(n)),n.__H.__.some(function(r){r.u&&(r.__H=r.u)})),Qe=U=null},z.__c=function(e,n){n.some(function(r){try{r.__h.some(be),r.__h=r.__h.filter(function(i){return!i.__||Xe(i)})}catch(i){r.__h=[function(){throw i}]}}),xt&&xt(e,n)},z.unmount=function(e){wt&&wt(e);var n,r,i=e.__c;i&&i.__H&&(i.__H.__.some(function(a){try{if(a.__P&&a.__c){if(r===void 0){for(r=e.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}a.__P=r,At(Ye.push(a))}else be(a)}catch(o){n=o}}),i.__H=void 0,n&&z.__e(n,i.__v))};var It=typeof requestAnimationFrame=="function";function Wr(e){var n,r=function(){clearTimeout(i),It&&cancelAnimationFrame(n),setTimeout(e)},i=setTimeout(r,35);It&&(n=requestAnimationFrame(r))}function At(e){e!=1&&St==z.requestAnimationFrame||((St=z.requestAnimationFrame)||Wr)(Nr)}function be(e){var n=U,r=e.__c;typeof r=="function"&&(e.__c=void 0,r()),U=n}function Xe(e){var n=U;e.__c=e.__(),U=n}function Tt(e,n){return!e||e.length!=n.length||n.some(function(r,i){return!Je(r,e[i])})}function Lt(e,n){return typeof n=="function"?n(e):n}var Vt={name:"AcceptInvitation",kind:"mutation",document:`mutation AcceptInvitation ($org: ID!, $invitation: ID!) {
  joinOrganization(organizationId: $org, inviteId: $invitation) {
    organization
  }
}`},Mt={name:"AccountScreen",kind:"query",document:`query AccountScreen {
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
}`},Ot={name:"AddSectionToGroup",kind:"mutation",document:`mutation AddSectionToGroup ($org: ID!, $site: ID!, $group: ID!, $input: AddSectionToGroupInput!) {
  addSectionToGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, input: $input) {
    id
  }
}`},Et={name:"AddSiteSection",kind:"mutation",document:`mutation AddSiteSection ($org: ID!, $site: ID!, $input: AddSiteSectionInput!) {
  addSiteSection(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Ut={name:"AddSiteSectionGroup",kind:"mutation",document:`mutation AddSiteSectionGroup ($org: ID!, $site: ID!, $input: AddSiteSectionGroupInput!) {
  addSiteSectionGroup(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},zt={name:"AddSiteSpace",kind:"mutation",document:`mutation AddSiteSpace ($org: ID!, $site: ID!, $input: AddSiteSpaceInput!) {
  addSiteSpace(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},qt={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},Ft={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},Nt={name:"CreateChangeRequest",kind:"mutation",document:`mutation CreateChangeRequest ($space: ID!, $subject: String) {
  createChangeRequest(spaceId: $space, input: {subject:$subject}) {
    id
    number
  }
}`},Wt={name:"CreateCustomField",kind:"mutation",document:`mutation CreateCustomField ($org: ID!, $input: CreateCustomFieldInput!) {
  createCustomField(organizationId: $org, input: $input) {
    id
  }
}`},jt={name:"CreatePersonalToken",kind:"mutation",document:`mutation CreatePersonalToken ($input: CreatePersonalTokenInput!) {
  createPersonalToken(input: $input) {
    id
    name
    token
    expiresAt
  }
}`},Gt={name:"CreateSAMLProvider",kind:"mutation",document:`mutation CreateSAMLProvider ($org: ID!, $input: CreateSAMLProviderInput!) {
  createSAMLProvider(organizationId: $org, input: $input) {
    id
  }
}`},Ht={name:"CreateShareLink",kind:"mutation",document:`mutation CreateShareLink ($org: ID!, $site: ID!, $input: CreateShareLinkInput!) {
  createShareLink(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Bt={name:"CreateSite",kind:"mutation",document:`mutation CreateSite ($org: ID!, $input: CreateSiteInput!) {
  createSite(organizationId: $org, input: $input) {
    id
    urls {
      app
    }
  }
}`},Kt={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},Qt={name:"CreateTeam",kind:"mutation",document:`mutation CreateTeam ($org: ID!, $input: CreateTeamInput!) {
  createTeam(organizationId: $org, input: $input) {
    id
  }
}`},Jt={name:"CreateWebhook",kind:"mutation",document:`mutation CreateWebhook ($org: ID!, $input: CreateWebhookInput!) {
  createWebhook(organizationId: $org, input: $input) {
    id
    secret
  }
}`},Yt={name:"CustomFieldsScreen",kind:"query",document:`query CustomFieldsScreen ($org: ID!) {
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
}`},Xt={name:"DeclineInvitation",kind:"mutation",document:`mutation DeclineInvitation ($invitation: ID!) {
  declineInvitation(invitationId: $invitation)
}`},Zt={name:"DeleteCustomField",kind:"mutation",document:`mutation DeleteCustomField ($org: ID!, $name: String!) {
  deleteCustomField(organizationId: $org, name: $name)
}`},en={name:"DeleteSAMLProvider",kind:"mutation",document:`mutation DeleteSAMLProvider ($org: ID!, $provider: ID!) {
  deleteSAMLProvider(organizationId: $org, samlProviderId: $provider)
}`},tn={name:"DeleteShareLink",kind:"mutation",document:`mutation DeleteShareLink ($org: ID!, $site: ID!, $link: ID!) {
  deleteShareLink(organizationId: $org, siteId: $site, shareLinkId: $link)
}`},nn={name:"DeleteSite",kind:"mutation",document:`mutation DeleteSite ($org: ID!, $site: ID!) {
  deleteSite(organizationId: $org, siteId: $site)
}`},rn={name:"DeleteSiteSection",kind:"mutation",document:`mutation DeleteSiteSection ($org: ID!, $site: ID!, $section: ID!) {
  deleteSiteSection(organizationId: $org, siteId: $site, siteSectionId: $section)
}`},on={name:"DeleteSiteSectionGroup",kind:"mutation",document:`mutation DeleteSiteSectionGroup ($org: ID!, $site: ID!, $group: ID!) {
  deleteSiteSectionGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group)
}`},an={name:"DeleteSiteSpace",kind:"mutation",document:`mutation DeleteSiteSpace ($org: ID!, $site: ID!, $siteSpace: ID!) {
  deleteSiteSpace(organizationId: $org, siteId: $site, siteSpaceId: $siteSpace)
}`},sn={name:"DeleteTeam",kind:"mutation",document:`mutation DeleteTeam ($org: ID!, $team: ID!) {
  deleteTeam(organizationId: $org, teamId: $team)
}`},ln={name:"DeleteWebhook",kind:"mutation",document:`mutation DeleteWebhook ($org: ID!, $webhook: ID!) {
  deleteWebhook(organizationId: $org, webhookId: $webhook)
}`},dn={name:"EditContent",kind:"mutation",document:`mutation EditContent ($space: ID!, $cr: String!, $input: ChangeRequestContentInput!) {
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
}`},un={name:"EditorScreen",kind:"query",document:`query EditorScreen ($space: ID!, $number: String!, $page: ID!, $withPage: Boolean!) {
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
}`},pn={name:"InviteUsers",kind:"mutation",document:`mutation InviteUsers ($org: ID!, $input: InviteUsersInput!) {
  inviteUsers(organizationId: $org, input: $input) {
    invited
  }
}`},cn={name:"MembersScreen",kind:"query",document:`query MembersScreen ($org: ID!) {
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
}`},gn={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},mn={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},yn={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},bn={name:"PublishSite",kind:"mutation",document:`mutation PublishSite ($org: ID!, $site: ID!) {
  publishSite(organizationId: $org, siteId: $site) {
    id
    published
    urls {
      published
    }
  }
}`},hn={name:"RedeliverWebhookDelivery",kind:"mutation",document:`mutation RedeliverWebhookDelivery ($org: ID!, $webhook: ID!, $delivery: ID!) {
  redeliverWebhookDelivery(organizationId: $org, webhookId: $webhook, deliveryId: $delivery) {
    id
    status
  }
}`},fn={name:"RemoveMember",kind:"mutation",document:`mutation RemoveMember ($org: ID!, $user: ID!) {
  removeMember(organizationId: $org, userId: $user)
}`},vn={name:"RemoveSectionFromGroup",kind:"mutation",document:`mutation RemoveSectionFromGroup ($org: ID!, $site: ID!, $group: ID!, $section: ID!) {
  removeSectionFromGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, siteSectionId: $section)
}`},Sn={name:"RemoveTeamMember",kind:"mutation",document:`mutation RemoveTeamMember ($org: ID!, $team: ID!, $user: ID!) {
  removeTeamMember(organizationId: $org, teamId: $team, userId: $user)
}`},_n={name:"RenderPreview",kind:"query",document:`query RenderPreview ($markdown: String!, $space: ID) {
  renderMarkdown(markdown: $markdown, spaceId: $space)
}`},kn={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Rn={name:"RevokeInvitation",kind:"mutation",document:`mutation RevokeInvitation ($org: ID!, $invitation: ID!) {
  revokeInvitation(organizationId: $org, invitationId: $invitation)
}`},xn={name:"RevokePersonalToken",kind:"mutation",document:`mutation RevokePersonalToken ($id: ID!) {
  revokePersonalToken(id: $id)
}`},wn={name:"SAMLScreen",kind:"query",document:`query SAMLScreen ($org: ID!) {
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
}`},$n={name:"SetSiteVisitorKey",kind:"mutation",document:`mutation SetSiteVisitorKey ($org: ID!, $site: ID!, $input: SiteVisitorKeyInput!) {
  setSiteVisitorKey(organizationId: $org, siteId: $site, input: $input) {
    algorithm
    audience
    updatedAt
  }
}`},In={name:"SetTeamMember",kind:"mutation",document:`mutation SetTeamMember ($org: ID!, $team: ID!, $user: ID!, $input: SetTeamMemberInput) {
  setTeamMember(organizationId: $org, teamId: $team, userId: $user, input: $input)
}`},An={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},Cn={name:"SitePublishScreen",kind:"query",document:`query SitePublishScreen ($org: ID!, $site: ID!) {
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
}`},Dn={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},Pn={name:"SitesScreen",kind:"query",document:`query SitesScreen ($org: ID!) {
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
}`},Tn={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($org: ID!, $space: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Ln={name:"Start",kind:"query",document:`query Start {
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
}`},Vn={name:"TeamsScreen",kind:"query",document:`query TeamsScreen ($org: ID!) {
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
}`},Mn={name:"UnpublishSite",kind:"mutation",document:`mutation UnpublishSite ($org: ID!, $site: ID!) {
  unpublishSite(organizationId: $org, siteId: $site) {
    id
    published
  }
}`},On={name:"UpdateMember",kind:"mutation",document:`mutation UpdateMember ($org: ID!, $user: ID!, $input: UpdateMemberInput!) {
  updateMember(organizationId: $org, userId: $user, input: $input) {
    id
    role
  }
}`},En={name:"UpdateSAMLProvider",kind:"mutation",document:`mutation UpdateSAMLProvider ($org: ID!, $provider: ID!, $input: UpdateSAMLProviderInput!) {
  updateSAMLProvider(organizationId: $org, samlProviderId: $provider, input: $input) {
    id
    status
  }
}`},Un={name:"UpdateShareLink",kind:"mutation",document:`mutation UpdateShareLink ($org: ID!, $site: ID!, $link: ID!, $input: UpdateShareLinkInput!) {
  updateShareLink(organizationId: $org, siteId: $site, shareLinkId: $link, input: $input) {
    id
    active
  }
}`},zn={name:"UpdateSite",kind:"mutation",document:`mutation UpdateSite ($org: ID!, $site: ID!, $input: UpdateSiteInput!) {
  updateSite(organizationId: $org, siteId: $site, input: $input) {
    id
    title
    visibility
  }
}`},qn={name:"UpdateSiteCustomization",kind:"mutation",document:`mutation UpdateSiteCustomization ($org: ID!, $site: ID!, $input: JSON!) {
  updateSiteCustomization(organizationId: $org, siteId: $site, input: $input)
}`},Fn={name:"UpdateTeamMembers",kind:"mutation",document:`mutation UpdateTeamMembers ($org: ID!, $team: ID!, $input: UpdateTeamMembersInput!) {
  updateTeamMembers(organizationId: $org, teamId: $team, input: $input)
}`},Nn={name:"UpdateWebhook",kind:"mutation",document:`mutation UpdateWebhook ($org: ID!, $webhook: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(organizationId: $org, webhookId: $webhook, input: $input) {
    id
    active
  }
}`},Wn={name:"WebhookScreen",kind:"query",document:`query WebhookScreen ($org: ID!, $webhook: ID!) {
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
}`},jn={name:"WebhooksScreen",kind:"query",document:`query WebhooksScreen ($org: ID!) {
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
}`};var T=class extends Error{constructor(r,i=null){super(r.map(a=>a.message).join("; "));this.errors=r;this.data=i}errors;data;code(r){return this.errors.find(i=>i.extensions?.code===r)}forField(r){let i=new RegExp(`(^|[.\\]])${r}:`);return this.errors.find(o=>o.extensions?.field===r||i.test(o.message.split(" ")[0]??""))?.message}};function jr(){for(let e of document.cookie.split(";")){let[n,r]=e.trim().split("=");if(n==="folio_csrf")return decodeURIComponent(r??"")}return""}function Gr(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new T([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function b(e,n,r){let i;try{i=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":jr()},body:JSON.stringify({query:e.document,operationName:e.name,variables:n}),signal:r})}catch(o){throw o.name==="AbortError"?o:new T([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let a;try{a=await i.json()}catch{throw new T([{message:`The server answered ${i.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(a.errors?.length)throw a.errors.some(o=>o.extensions?.code==="UNAUTHENTICATED")&&Gr(),new T(a.errors,a.data??null);if(a.data==null)throw new T([{message:`The server answered ${i.status} without data.`}]);return a.data}var Hr=Symbol.for("pv"),Br=0;function t(e,n,r,i,a,o){n||(n={});var s,l,p=n;if("ref"in p&&typeof e!="function")for(l in p={},n)l=="ref"?s=n[l]:p[l]=n[l];var g={type:e,props:p,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:Hr,__v:--Br,__i:-1,__u:0};return(a||o)&&(g.__source=a,g.__self=o),C.vnode&&C.vnode(g),g}function x(e,n,r=!1){let i=JSON.stringify(n),[a,o]=S(null),[s,l]=S(null),[p,g]=S(!r),u=Z(null),c=Dt(async()=>{u.current?.abort();let m=new AbortController;u.current=m,g(!0);try{let d=await b(e,JSON.parse(i),m.signal);if(m.signal.aborted)return;o(d),l(null)}catch(d){if(m.signal.aborted)return;l(d instanceof T?d:new T([{message:String(d)}]))}finally{m.signal.aborted||g(!1)}},[e,i]);return q(()=>{if(!r)return o(null),c(),()=>u.current?.abort()},[c,r]),{data:a,error:s,loading:p,reload:c}}function P({error:e,onRetry:n}){return e?t("div",{class:"notice error",role:"alert",children:[t("p",{children:e.message}),n&&t("button",{type:"button",onClick:n,children:"Try again"})]}):null}function $({q:e,children:n}){return e.error&&!e.data?t(P,{error:e.error,onRetry:e.reload}):e.data?t(f,{children:n(e.data)}):t("p",{class:"muted",role:"status",children:"Loading…"})}var O="([^/]+)",Kr=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${O}/?$`),e=>({kind:"org",org:e[1]})],[new RegExp(`^/app/o/${O}/c/${O}/?$`),e=>({kind:"collection",org:e[1],id:e[2]})],[new RegExp(`^/app/o/${O}/s/${O}(?:/page/${O})?/?$`),e=>({kind:"space",org:e[1],space:e[2],page:e[3]})],[new RegExp(`^/app/o/${O}/s/${O}/revisions/${O}(?:/page/${O})?/?$`),e=>({kind:"revision",org:e[1],space:e[2],revision:e[3],page:e[4]})],[new RegExp(`^/app/o/${O}/s/${O}/change-requests/${O}/edit(?:/page/${O})?/?$`),e=>({kind:"edit",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${O}/s/${O}/change-requests/${O}(?:/page/${O})?/?$`),e=>({kind:"changeRequest",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${O}/sites/${O}(/preview)?/?$`),e=>({kind:"site",org:e[1],site:e[2],preview:!!e[3]})],[new RegExp(`^/app/o/${O}/openapi/${O}/?$`),e=>({kind:"openapi",org:e[1],slug:e[2]})],[new RegExp(`^/app/o/${O}/((?:sites|admin|account)(?:/[^/]+)*)/?$`),e=>({kind:"manage",org:e[1],rest:e[2]})]];function Gn(e){for(let[n,r]of Kr){let i=n.exec(e);if(i)return r(i.map(a=>a===void 0?a:decodeURIComponent(a)))}return{kind:"notFound",path:e}}var L=encodeURIComponent,A={org:e=>`/app/o/${L(e)}`,collection:(e,n)=>`/app/o/${L(e)}/c/${L(n)}`,space:(e,n)=>`/app/o/${L(e)}/s/${L(n)}`,page:(e,n,r)=>`/app/o/${L(e)}/s/${L(n)}/page/${L(r)}`,revision:(e,n,r,i)=>`/app/o/${L(e)}/s/${L(n)}/revisions/${L(r)}`+(i?`/page/${L(i)}`:""),changeRequest:(e,n,r,i)=>`/app/o/${L(e)}/s/${L(n)}/change-requests/${L(String(r))}`+(i?`/page/${L(i)}`:""),edit:(e,n,r,i)=>`/app/o/${L(e)}/s/${L(n)}/change-requests/${L(String(r))}/edit`+(i?`/page/${L(i)}`:""),site:(e,n)=>`/app/o/${L(e)}/sites/${L(n)}`,openapi:(e,n)=>`/app/o/${L(e)}/openapi/${L(n)}`};function ie(e){try{let n=new URL(e,location.href);return n.pathname+n.hash}catch{return e}}var Pe=new Set;function E(e,n=!1){n?history.replaceState(null,"",e):history.pushState(null,"",e),Pe.forEach(r=>r()),n||window.scrollTo(0,0)}function Hn(){document.addEventListener("click",e=>{if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;let n=e.target?.closest?.("a");if(!n||n.target||n.hasAttribute("download"))return;let r=new URL(n.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(e.preventDefault(),E(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>Pe.forEach(e=>e()))}function Bn(){let[e,n]=S(()=>Gn(location.pathname));return q(()=>{let r=()=>n(Gn(location.pathname));return Pe.add(r),()=>{Pe.delete(r)}},[]),e}var Kn=e=>`folio.recent.${e}`;function Ze(e){try{let n=JSON.parse(localStorage.getItem(Kn(e))??"[]");return Array.isArray(n)?n.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function Qn(e,n){let r=[n,...Ze(e).filter(i=>i.id!==n.id)].slice(0,5);try{localStorage.setItem(Kn(e),JSON.stringify(r))}catch{}}function Jn({org:e,onClose:n}){let r=Z(null),[i,a]=S(""),[o,s]=S(null),[l,p]=S(null);q(()=>{r.current?.showModal()},[]),q(()=>{let c=i.trim();if(!c){s(null);return}let m=new AbortController,d=setTimeout(async()=>{try{let y=await b(yn,{org:e,query:c},m.signal);s(y.organization?.search.items??[]),p(null)}catch(y){m.signal.aborted||p(y instanceof T?y.message:String(y))}},150);return()=>{clearTimeout(d),m.abort()}},[i,e]);let g=c=>{n(),E(ie(c))},u=o?.flatMap(c=>c.pages)[0];return t("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:n,onCancel:n,children:[t("form",{method:"dialog",role:"search",onSubmit:c=>{c.preventDefault(),u&&g(u.urls.app)},children:[t("h2",{id:"search-h",children:"Search"}),t("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),t("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:i,autoComplete:"off",onInput:c=>a(c.target.value)}),t("button",{type:"button",class:"close",onClick:n,children:"Close"})]}),l&&t("p",{class:"notice error",role:"alert",children:l}),t("div",{"aria-live":"polite",children:[o&&o.length===0&&t("p",{class:"muted",children:["Nothing matches “",i.trim(),"”."]}),o?.map(c=>t("section",{class:"results",children:[t("h3",{children:c.title}),t("ul",{children:c.pages.map(m=>t("li",{children:[t("a",{href:ie(m.urls.app),onClick:d=>{d.preventDefault(),g(m.urls.app)},children:m.title||m.path}),m.sections.length>0&&t("ul",{children:m.sections.slice(0,3).map(d=>t("li",{children:t("a",{href:ie(d.urls.app),onClick:y=>{y.preventDefault(),g(d.urls.app)},children:d.title})},d.id))})]},m.id))})]},c.id))]})]})}function Yn(e){return e instanceof T?e:new T([{message:String(e?.message??e)}])}function et(e){return typeof e.extensions?.field=="string"?e.extensions.field:/^([A-Za-z][\w.]*): /.exec(e.message)?.[1]}function V(e){let[n,r]=S(e.initial),[i,a]=S(!1),[o,s]=S(null),[l,p]=S(""),g=Z(e);g.current=e;let u=d=>g.current.api?.[d]??d,c=d=>{if(d)for(let y of Object.keys(g.current.initial)){let R=u(y);if(d===R||d.startsWith(R+".")||d.startsWith(R+"["))return y}};return{id:e.id,values:n,busy:i,error:o,done:l,set(d,y){r(R=>({...R,[d]:y})),p("")},fieldError(d){return o?.errors.find(y=>c(et(y))===d)?.message},formErrors(){return(o?.errors??[]).filter(d=>!c(et(d))).map(d=>d.message)},onSubmit(d){if(d.preventDefault(),i)return;a(!0),p("");let y=n;g.current.submit(y).then(R=>{s(null),p(typeof R=="string"?R:""),g.current.reset&&r(g.current.initial)}).catch(R=>{let v=Yn(R);s(v);let I=v.errors.map(h=>c(et(h))).find(Boolean);I&&setTimeout(()=>document.getElementById(`${g.current.id}-${I}`)?.focus(),0)}).finally(()=>a(!1))}}}function D({form:e,name:n,label:r,hint:i,type:a="text",autoComplete:o}){let s=`${e.id}-${n}`,l=e.fieldError(n),p=[i?`${s}-hint`:"",`${s}-error`].filter(Boolean).join(" ");return t("div",{class:"field",children:[t("label",{for:s,children:r}),t("input",{type:a,autoComplete:o,id:s,name:n,value:String(e.values[n]??""),"aria-invalid":l?!0:void 0,"aria-describedby":p,onInput:g=>e.set(n,g.target.value)}),i&&t("small",{id:`${s}-hint`,class:"muted",children:i}),t("span",{id:`${s}-error`,class:"field-error",children:l??""})]})}function ce({form:e,name:n,label:r,hint:i,rows:a=4}){let o=`${e.id}-${n}`,s=e.fieldError(n),l=[i?`${o}-hint`:"",`${o}-error`].filter(Boolean).join(" ");return t("div",{class:"field",children:[t("label",{for:o,children:r}),t("textarea",{id:o,name:n,rows:a,value:String(e.values[n]??""),"aria-invalid":s?!0:void 0,"aria-describedby":l,onInput:p=>e.set(n,p.target.value)}),i&&t("small",{id:`${o}-hint`,class:"muted",children:i}),t("span",{id:`${o}-error`,class:"field-error",children:s??""})]})}function N({form:e,name:n,label:r,options:i}){let a=`${e.id}-${n}`,o=e.fieldError(n);return t("div",{class:"field",children:[t("label",{for:a,children:r}),t("select",{id:a,name:n,value:String(e.values[n]??""),"aria-invalid":o?!0:void 0,"aria-describedby":`${a}-error`,onChange:s=>e.set(n,s.target.value),children:i.map(([s,l])=>t("option",{value:s,children:l},s))}),t("span",{id:`${a}-error`,class:"field-error",children:o??""})]})}function Te({form:e,name:n,label:r}){let i=`${e.id}-${n}`,a=e.fieldError(n);return t("div",{class:"field check",children:[t("input",{type:"checkbox",id:i,name:n,checked:!!e.values[n],"aria-describedby":`${i}-error`,onChange:o=>e.set(n,o.target.checked)}),t("label",{for:i,children:r}),t("span",{id:`${i}-error`,class:"field-error",children:a??""})]})}function M({form:e,submit:n,children:r,label:i}){let a=e.formErrors();return t("form",{class:"api-form",onSubmit:e.onSubmit,"aria-label":i,noValidate:!0,children:[r,a.length>0&&t("div",{class:"notice error",role:"alert",children:a.map((o,s)=>t("p",{children:o},s))}),t("button",{type:"submit",class:"primary",disabled:e.busy,children:n}),t("span",{role:"status",class:"muted",children:e.done})]})}function W(){let[e,n]=S(!1),[r,i]=S(null);return{busy:e,error:r,run:async o=>{n(!0);try{await o(),i(null)}catch(s){i(Yn(s))}finally{n(!1)}}}}var tt=[["public","Public: anyone, indexed by search engines"],["unlisted","Unlisted: anyone with the address"],["share-link","Share links: holders of a link"],["visitor-auth","Visitor authentication: holders of a signed token"]];function Le({org:e,site:n}){let r=x(Cn,{org:e,site:n});return t($,{q:r,children:i=>t(Qr,{org:e,s:i.organization.site,spaces:i.organization.spaces.items,reload:r.reload})})}function Xn(e){return[["","Choose a space"],...e.map(n=>[n.id,n.title||"Untitled space"])]}function Qr({org:e,s:n,spaces:r,reload:i}){let a=W(),o={org:e,site:n.id},s=V({id:"site-settings",initial:{title:n.title,visibility:n.visibility},submit:async p=>(await b(zn,{...o,input:{title:p.title,visibility:p.visibility}}),await i(),"Saved.")}),l=n.siteSpaceList.items.filter(p=>!p.section);return t(f,{children:[t("h1",{children:n.title}),t("p",{class:"lead",children:[t("span",{class:"badge","data-testid":"site-state",children:n.published?"Published":"Not published"})," ",n.published&&n.urls.published&&t("a",{href:n.urls.published,"data-testid":"open-site",children:"Open the published site"})]}),t(P,{error:a.error}),t("p",{class:"actions",children:[n.published?t("button",{type:"button",disabled:a.busy,onClick:()=>a.run(async()=>(await b(Mn,o),i())),children:"Unpublish"}):t("button",{type:"button",class:"primary",disabled:a.busy,onClick:()=>a.run(async()=>(await b(bn,o),i())),children:"Publish"}),t("a",{href:n.urls.preview,children:"Preview"})]}),t("section",{"aria-labelledby":"settings-h",children:[t("h2",{id:"settings-h",children:"Settings"}),t(M,{form:s,submit:"Save settings",label:"Site settings",children:[t(D,{form:s,name:"title",label:"Title",hint:"2 to 128 characters."}),t(N,{form:s,name:"visibility",label:"Who reads it",options:tt})]})]}),t("section",{"aria-labelledby":"spaces-h",children:[t("h2",{id:"spaces-h",children:"Spaces"}),n.sections.items.length>0?t("p",{class:"muted",children:"The site has sections: add spaces to a section below."}):t(f,{children:[t(Zn,{org:e,site:n.id,items:l,reload:i}),t(er,{org:e,site:n.id,spaces:r,reload:i})]})]}),n.permissions.admin&&t(ei,{org:e,s:n,reload:i}),t(Jr,{org:e,s:n,spaces:r,reload:i}),t(Yr,{org:e,s:n,reload:i}),(n.visibility==="share-link"||n.shareLinks.items.length>0)&&t(Xr,{org:e,s:n,reload:i}),(n.visibility==="visitor-auth"||n.visitorKey)&&n.permissions.admin&&t(Zr,{org:e,s:n,reload:i}),t("section",{"aria-labelledby":"danger-h",children:[t("h2",{id:"danger-h",children:"Delete"}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>{await b(nn,o),E(G.sites(e))}),children:["Delete the site ",n.title]})]})]})}function Zn({org:e,site:n,items:r,reload:i}){let a=W();return t(f,{children:[t(P,{error:a.error}),t("ul",{class:"rows",children:r.map(o=>t("li",{children:[t("span",{children:[o.space.title||o.title," ",t("span",{class:"muted",children:["· /",o.path]})]}),t("button",{type:"button",disabled:a.busy,"aria-label":`Remove ${o.space.title||o.title} from the site`,onClick:()=>a.run(async()=>(await b(an,{org:e,site:n,siteSpace:o.id}),i())),children:"Remove"})]},o.id))})]})}function er({org:e,site:n,section:r,spaces:i,reload:a}){let o=V({id:`add-space-${r??"root"}`,initial:{spaceId:""},reset:!0,submit:async s=>{await b(zt,{org:e,site:n,input:{spaceId:s.spaceId,sectionId:r??null}}),await a()}});return t(M,{form:o,submit:"Add space",label:r?"Add a space to this section":"Add a space to the site",children:t(N,{form:o,name:"spaceId",label:"Space",options:Xn(i)})})}function Jr({org:e,s:n,spaces:r,reload:i}){let a=W(),o=V({id:"new-section",initial:{title:"",spaceId:""},reset:!0,submit:async s=>{await b(Et,{org:e,site:n.id,input:{spaceId:s.spaceId,title:s.title||null}}),await i()}});return t("section",{"aria-labelledby":"sections-h",children:[t("h2",{id:"sections-h",children:"Sections"}),t(P,{error:a.error}),n.sections.items.map(s=>t("div",{class:"card",children:[t("h3",{children:[s.title," ",t("span",{class:"muted",children:["· /",s.path]}),s.default?t("span",{class:"badge",children:"default"}):null]}),t(Zn,{org:e,site:n.id,items:s.siteSpaces,reload:i}),t(er,{org:e,site:n.id,section:s.id,spaces:r,reload:i}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>(await b(rn,{org:e,site:n.id,section:s.id}),i())),children:["Delete section ",s.title]})]},s.id)),t("h3",{children:"New section"}),t(M,{form:o,submit:"Add section",label:"New section",children:[t(D,{form:o,name:"title",label:"Title",hint:"2 to 64 characters; the space's title when empty."}),t(N,{form:o,name:"spaceId",label:"First space",options:Xn(r)})]})]})}function Yr({org:e,s:n,reload:r}){let i=W(),a=V({id:"new-group",initial:{title:""},reset:!0,submit:async s=>{await b(Ut,{org:e,site:n.id,input:{title:s.title}}),await r()}});if(n.sections.items.length===0&&n.sectionGroups.items.length===0)return null;let o=n.sections.items.filter(s=>!s.sectionGroup);return t("section",{"aria-labelledby":"groups-h",children:[t("h2",{id:"groups-h",children:"Section groups"}),t(P,{error:i.error}),n.sectionGroups.items.map(s=>t("div",{class:"card",children:[t("h3",{children:s.title}),t("ul",{class:"rows",children:s.sections.map(l=>t("li",{children:[t("span",{children:l.title}),t("button",{type:"button",disabled:i.busy,"aria-label":`Take ${l.title} out of ${s.title}`,onClick:()=>i.run(async()=>(await b(vn,{org:e,site:n.id,group:s.id,section:l.id}),r())),children:"Take out"})]},l.id))}),o.length>0&&t("p",{class:"actions",children:o.map(l=>t("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await b(Ot,{org:e,site:n.id,group:s.id,input:{sectionId:l.id}}),r())),children:["Put ",l.title," in ",s.title]},l.id))}),t("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>(await b(on,{org:e,site:n.id,group:s.id}),r())),children:["Delete group ",s.title]})]},s.id)),t(M,{form:a,submit:"Add group",label:"New section group",children:t(D,{form:a,name:"title",label:"Group title",hint:"1 to 100 characters."})})]})}function Xr({org:e,s:n,reload:r}){let i=W(),a=V({id:"new-share-link",initial:{name:""},reset:!0,submit:async o=>{await b(Ht,{org:e,site:n.id,input:{name:o.name}}),await r()}});return t("section",{"aria-labelledby":"links-h",children:[t("h2",{id:"links-h",children:"Share links"}),t(P,{error:i.error}),t("ul",{class:"rows",children:n.shareLinks.items.map(o=>t("li",{children:[t("span",{children:[t("strong",{children:o.name||"Unnamed link"})," ",o.active?"":t("span",{class:"muted",children:"(deactivated)"}),o.urls.published&&t(f,{children:[" ",t("code",{class:"secret",children:o.urls.published})]})]}),t("span",{class:"actions",children:[t("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await b(Un,{org:e,site:n.id,link:o.id,input:{active:!o.active}}),r())),children:[o.active?"Deactivate":"Activate"," ",t("span",{class:"visually-hidden",children:o.name})]}),t("button",{type:"button",disabled:i.busy,"aria-label":`Delete the share link ${o.name??""}`,onClick:()=>i.run(async()=>(await b(tn,{org:e,site:n.id,link:o.id}),r())),children:"Delete"})]})]},o.id))}),t(M,{form:a,submit:"Create share link",label:"New share link",children:t(D,{form:a,name:"name",label:"Name",hint:"Who it is for, at most 50 characters."})})]})}function Zr({org:e,s:n,reload:r}){let i=V({id:"visitor-key",initial:{algorithm:"HS256",key:"",audience:""},reset:!0,submit:async a=>(await b($n,{org:e,site:n.id,input:{algorithm:a.algorithm,key:a.key,audience:a.audience||null}}),await r(),"Key set.")});return t("section",{"aria-labelledby":"vk-h",children:[t("h2",{id:"vk-h",children:"Visitor authentication key"}),t("p",{"data-testid":"visitor-key",children:n.visitorKey?`A ${n.visitorKey.algorithm} key is set (${J(n.visitorKey.updatedAt)})${n.visitorKey.audience?`, audience ${n.visitorKey.audience}`:""}.`:"No key is set: visitors cannot read the site until one is."}),t(M,{form:i,submit:n.visitorKey?"Replace key":"Set key",label:"Visitor key",children:[t(N,{form:i,name:"algorithm",label:"Algorithm",options:[["HS256","HS256 (shared secret, 32 bytes or more)"],["RS256","RS256 (RSA public key, PEM)"]]}),t(ce,{form:i,name:"key",label:"Key",hint:"Never shown again.",rows:3}),t(D,{form:i,name:"audience",label:"Audience (optional)"})]})]})}function ei({org:e,s:n,reload:r}){let i=n.customization??{},a=V({id:"customization",initial:{theme:i.styling?.theme??"clean",primaryColor:i.styling?.primaryColor?.light??"#346DDB"},api:{primaryColor:"styling"},submit:async o=>{let s={...i,styling:{...i.styling,theme:o.theme,primaryColor:{light:o.primaryColor,dark:o.primaryColor}}};return await b(qn,{org:e,site:n.id,input:s}),await r(),"Saved."}});return t("section",{"aria-labelledby":"custom-h",children:[t("h2",{id:"custom-h",children:"Look"}),t(M,{form:a,submit:"Save look",label:"Site customization",children:[t(N,{form:a,name:"theme",label:"Theme",options:[["clean","Clean"],["muted","Muted"],["bold","Bold"],["gradient","Gradient"]]}),t(D,{form:a,name:"primaryColor",label:"Primary colour",hint:"A hex colour such as #346DDB, for light and dark."})]})]})}function tr({org:e}){let n=x(Pn,{org:e}),r=V({id:"new-site",initial:{title:"",visibility:"public",space:""},api:{space:"spaces"},submit:async i=>{let a=await b(Bt,{org:e,input:{title:i.title,visibility:i.visibility,spaces:i.space?[i.space]:null}});E(ie(a.createSite.urls.app))}});return t($,{q:n,children:i=>t(f,{children:[t("h1",{children:["Sites (",i.organization.sites.count,")"]}),t("ul",{class:"rows",children:i.organization.sites.items.map(a=>t("li",{children:[t("span",{children:[t("a",{href:G.site(e,a.id),children:a.title}),t("span",{class:"muted",children:[" ","· ",a.published?"published":"not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]})]}),a.urls.published&&t("a",{href:a.urls.published,children:"Open"})]},a.id))}),i.organization.permissions.createContent&&t(f,{children:[t("h2",{children:"New site"}),t(M,{form:r,submit:"Create site",label:"New site",children:[t(D,{form:r,name:"title",label:"Title",hint:"2 to 128 characters."}),t(N,{form:r,name:"visibility",label:"Who reads it",options:tt}),t(N,{form:r,name:"space",label:"First space",options:[["","None yet"],...i.organization.spaces.items.map(a=>[a.id,a.title||"Untitled space"])]})]})]})]})})}function nr(){let e=x(Mt,{}),[n,r]=S(null),i=W(),a=V({id:"new-token",initial:{name:"",expiresAt:"",readOnly:!1},reset:!0,submit:async o=>{let s=o.expiresAt?new Date(o.expiresAt+"T23:59:59Z").toISOString():null,l=await b(jt,{input:{name:o.name,expiresAt:s,readOnly:o.readOnly}});return r({name:l.createPersonalToken.name,token:l.createPersonalToken.token}),await e.reload(),`Token ${l.createPersonalToken.name} created.`}});return t($,{q:e,children:o=>t(f,{children:[t("h1",{children:"Your account"}),t("p",{class:"muted",children:["Signed in as ",o.viewer.displayName," (",o.viewer.email,")."]}),t(P,{error:i.error}),t("section",{"aria-labelledby":"inv-h",children:[t("h2",{id:"inv-h",children:["Invitations (",o.invitations.count,")"]}),o.invitations.items.length===0?t("p",{class:"muted",children:"No pending invitations."}):t("ul",{class:"rows",children:o.invitations.items.map(s=>t("li",{children:[t("span",{children:[t("strong",{children:s.organization.title})," invites you as ",s.role??"guest",s.invitedBy?` (from ${s.invitedBy.displayName})`:""]}),t("span",{class:"actions",children:[t("button",{type:"button",disabled:i.busy,"aria-label":`Accept the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>{let l=await b(Vt,{org:s.organization.id,invitation:s.id});E(A.org(l.joinOrganization.organization))}),children:"Accept"}),t("button",{type:"button",disabled:i.busy,"aria-label":`Decline the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>(await b(Xt,{invitation:s.id}),e.reload())),children:"Decline"})]})]},s.id))})]}),t("section",{"aria-labelledby":"tokens-h",children:[t("h2",{id:"tokens-h",children:["Personal API tokens (",o.personalTokens.count,")"]}),t("p",{class:"muted",children:["Send a token as ",t("code",{children:"Authorization: Bearer <token>"})," to the REST API (/v1) or GraphQL (/graphql)."]}),n&&t("div",{class:"notice",role:"status",children:[t("p",{children:["The secret of ",t("strong",{children:n.name}),", shown this once: copy it now."]}),t("p",{children:t("code",{class:"secret","data-testid":"token-secret",children:n.token})}),t("button",{type:"button",onClick:()=>r(null),children:"Done"})]}),t("ul",{class:"rows",children:o.personalTokens.items.map(s=>t("li",{children:[t("span",{children:[t("strong",{children:s.commandLine?"(folio token create)":s.name}),s.readOnly?" · read-only":"",s.expired?" · expired":s.expiresAt?` · expires ${J(s.expiresAt)}`:" · never expires",t("span",{class:"muted",children:[" · last used ",s.lastUsedAt?J(s.lastUsedAt):"never"]})]}),t("button",{type:"button",disabled:i.busy,"aria-label":`Revoke ${s.name||"command-line token"}`,onClick:()=>i.run(async()=>(await b(xn,{id:s.id}),e.reload())),children:"Revoke"})]},s.id))}),t("h3",{children:"New token"}),t(M,{form:a,submit:"Create token",label:"New personal API token",children:[t(D,{form:a,name:"name",label:"Name",hint:"What the token is for, 1 to 100 characters."}),t(D,{form:a,name:"expiresAt",label:"Expires on (optional)",type:"date"}),t(Te,{form:a,name:"readOnly",label:"Read-only"})]})]})]})})}var ti=[["text","Text"],["number","Number"],["boolean","Yes or no"],["single-select","One of a list"],["multi-select","Several of a list"],["tags","Tags"]];function rr({org:e}){let n=x(Yt,{org:e}),r=W(),i=V({id:"new-field",initial:{name:"",title:"",type:"text",description:"",options:""},reset:!0,submit:async a=>{let o=a.options.split(",").map(s=>s.trim()).filter(Boolean);return await b(Wt,{org:e,input:{name:a.name,title:a.title||null,type:a.type,description:a.description||null,options:o.length?o:null}}),await n.reload(),`Field ${a.name} created.`}});return t(f,{children:[t(ee,{org:e,current:"custom-fields"}),t($,{q:n,children:a=>t(f,{children:[t("h1",{children:["Custom fields (",a.organization.customFields.count,")"]}),t(P,{error:r.error}),t("ul",{class:"rows",children:a.organization.customFields.items.map(o=>t("li",{children:[t("span",{children:[t("strong",{children:o.title||o.name})," ",t("code",{children:o.name})," ",t("span",{class:"muted",children:["· ",o.type]}),o.options?.length?t("span",{class:"muted",children:[" · ",o.options.join(", ")]}):null]}),t("button",{type:"button",disabled:r.busy,"aria-label":`Delete the field ${o.name}`,onClick:()=>r.run(async()=>(await b(Zt,{org:e,name:o.name}),n.reload())),children:"Delete"})]},o.id))}),t("h2",{children:"New field"}),t(M,{form:i,submit:"Create field",label:"New custom field",children:[t(D,{form:i,name:"name",label:"Name",hint:"Lower-case letters, digits, '_' and '-'; at most 50."}),t(D,{form:i,name:"title",label:"Title (optional)"}),t(N,{form:i,name:"type",label:"Type",options:ti}),t(D,{form:i,name:"description",label:"Description (optional)"}),t(D,{form:i,name:"options",label:"Options",hint:"For a list: its options, separated by commas."})]})]})})]})}var ir=e=>e||null;function or({org:e}){let n=x(cn,{org:e}),r=W(),i=V({id:"invite",initial:{emails:"",role:"read"},reset:!0,submit:async a=>{let o=a.emails.split(/[\s,;]+/).map(l=>l.trim()).filter(Boolean),s=await b(pn,{org:e,input:{emails:o,role:ir(a.role)}});return await n.reload(),`${s.inviteUsers.invited} invited.`}});return t(f,{children:[t(ee,{org:e,current:"members"}),t($,{q:n,children:a=>t(f,{children:[t("h1",{children:["Members of ",a.organization.title]}),t(P,{error:r.error}),t("section",{"aria-labelledby":"members-h",children:[t("h2",{id:"members-h",children:["Members (",a.organization.members.count,")"]}),t("ul",{class:"rows",children:a.organization.members.items.map(o=>t("li",{children:[t("span",{children:[t("strong",{children:o.user.displayName})," ",t("span",{class:"muted",children:o.user.email}),o.disabled?" · disabled":"",t("span",{class:"muted",children:[" · joined ",J(o.joinedAt)]})]}),t("span",{class:"actions",children:[t("label",{class:"visually-hidden",for:`role-${o.id}`,children:["Role of ",o.user.displayName]}),t("select",{id:`role-${o.id}`,value:o.role??"",disabled:r.busy,onChange:s=>{let l=s.target.value;r.run(async()=>(await b(On,{org:e,user:o.user.id,input:{role:ir(l)}}),n.reload()))},children:fe.map(([s,l])=>t("option",{value:s,children:l},s))}),t("button",{type:"button",disabled:r.busy,"aria-label":`Remove ${o.user.displayName}`,onClick:()=>r.run(async()=>(await b(fn,{org:e,user:o.user.id}),n.reload())),children:"Remove"})]})]},o.id))})]}),t("section",{"aria-labelledby":"invitations-h",children:[t("h2",{id:"invitations-h",children:["Pending invitations (",a.organization.invitations.count,")"]}),t("ul",{class:"rows","data-testid":"invitations",children:a.organization.invitations.items.map(o=>t("li",{children:[t("span",{children:[o.email," ",t("span",{class:"muted",children:["· ",o.role??"guest"," · invited ",J(o.createdAt)]})]}),t("button",{type:"button",disabled:r.busy,"aria-label":`Revoke the invitation of ${o.email}`,onClick:()=>r.run(async()=>(await b(Rn,{org:e,invitation:o.id}),n.reload())),children:"Revoke"})]},o.id))}),t("h3",{children:"Invite"}),t(M,{form:i,submit:"Send invitations",label:"Invite by e-mail",children:[t(ce,{form:i,name:"emails",label:"E-mail addresses",hint:"One or more, separated by spaces, commas or lines (at most 100).",rows:3}),t(N,{form:i,name:"role",label:"Role",options:fe})]})]})]})})]})}function ar({org:e}){let n=x(wn,{org:e}),r=V({id:"new-saml",initial:{label:""},reset:!0,submit:async i=>(await b(Gt,{org:e,input:{label:i.label}}),await n.reload(),`Provider ${i.label} added: fill in its identity provider's settings below.`)});return t(f,{children:[t(ee,{org:e,current:"saml"}),t($,{q:n,children:i=>t(f,{children:[t("h1",{children:"SAML single sign-on"}),i.organization.samlProviders.items.map(a=>t(ni,{org:e,p:a,teams:i.organization.teams.items,reload:n.reload},a.id)),t("h2",{children:"Add a provider"}),t(M,{form:r,submit:"Add provider",label:"New SAML provider",children:t(D,{form:r,name:"label",label:"Label",hint:"The name members see, 1 to 30 characters."})})]})})]})}function ni({org:e,p:n,teams:r,reload:i}){let a=W(),o=V({id:`saml-${n.id}`,initial:{label:n.label,ssoURL:n.ssoURL??"",entityID:n.entityID,certificate:n.certificate,defaultRole:n.defaultRole??"",defaultTeam:n.defaultTeam?.id??"",idpInitiated:n.idpInitiated},submit:async s=>(await b(En,{org:e,provider:n.id,input:{label:s.label,ssoURL:s.ssoURL||null,entityID:s.entityID,certificate:s.certificate,defaultRole:s.defaultRole?s.defaultRole:null,defaultTeam:s.defaultTeam||null,idpInitiated:s.idpInitiated}}),await i(),"Saved.")});return t("section",{class:"card","aria-labelledby":`saml-${n.id}-h`,children:[t("h2",{id:`saml-${n.id}-h`,children:[n.label," ",t("span",{class:"badge",children:n.status})]}),t("dl",{class:"pairs",children:[t("dt",{children:"ACS URL"}),t("dd",{children:t("code",{children:n.service.acsURL})}),t("dt",{children:"Entity id (metadata)"}),t("dd",{children:t("code",{children:n.service.entityID})}),t("dt",{children:"Sign-in starts at"}),t("dd",{children:t("code",{children:n.service.startURL})})]}),t(M,{form:o,submit:"Save provider",label:`Settings of ${n.label}`,children:[t(D,{form:o,name:"label",label:"Label"}),t(D,{form:o,name:"ssoURL",label:"Identity provider's sign-in URL",type:"url"}),t(D,{form:o,name:"entityID",label:"Identity provider's entity id"}),t(ce,{form:o,name:"certificate",label:"Signing certificate (PEM)",rows:4}),t(N,{form:o,name:"defaultRole",label:"Role of new members",options:fe}),t(N,{form:o,name:"defaultTeam",label:"Team of new members",options:[["","None"],...r.map(s=>[s.id,s.title])]}),t(Te,{form:o,name:"idpInitiated",label:"Accept sign-ins started at the identity provider"})]}),t(P,{error:a.error}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>(await b(en,{org:e,provider:n.id}),i())),children:["Delete provider ",n.label]})]})}function sr({org:e}){let n=x(Vn,{org:e}),r=V({id:"new-team",initial:{title:""},reset:!0,submit:async i=>(await b(Qt,{org:e,input:{title:i.title}}),await n.reload(),`Team ${i.title} created.`)});return t(f,{children:[t(ee,{org:e,current:"teams"}),t($,{q:n,children:i=>t(f,{children:[t("h1",{children:["Teams (",i.organization.teams.count,")"]}),i.organization.teams.items.map(a=>t(ri,{org:e,team:a,members:i.organization.members.items,reload:n.reload},a.id)),t("h2",{children:"New team"}),t(M,{form:r,submit:"Create team",label:"New team",children:t(D,{form:r,name:"title",label:"Title"})})]})})]})}function ri({org:e,team:n,members:r,reload:i}){let a=W(),o=new Set(n.teamMembers.items.map(p=>p.organization.user.id)),s=r.filter(p=>!o.has(p.user.id)),l=V({id:`add-${n.id}`,initial:{member:""},reset:!0,api:{member:"add"},submit:async p=>{await b(Fn,{org:e,team:n.id,input:{add:[p.member]}}),await i()}});return t("section",{class:"card","aria-labelledby":`team-${n.id}`,children:[t("h2",{id:`team-${n.id}`,children:[n.title," ",t("span",{class:"muted",children:["(",n.members," members)"]})]}),t(P,{error:a.error}),t("ul",{class:"rows",children:n.teamMembers.items.map(p=>t("li",{children:[t("span",{children:[p.organization.user.displayName," ",t("span",{class:"muted",children:["· ",p.team.role]})]}),t("span",{class:"actions",children:[p.team.role!=="owner"&&t("button",{type:"button",disabled:a.busy,"aria-label":`Make ${p.organization.user.displayName} owner of ${n.title}`,onClick:()=>a.run(async()=>(await b(In,{org:e,team:n.id,user:p.organization.user.id,input:{role:"owner"}}),i())),children:"Make owner"}),t("button",{type:"button",disabled:a.busy,"aria-label":`Remove ${p.organization.user.displayName} from ${n.title}`,onClick:()=>a.run(async()=>(await b(Sn,{org:e,team:n.id,user:p.organization.user.id}),i())),children:"Remove"})]})]},p.organization.user.id))}),s.length>0&&t(M,{form:l,submit:"Add to team",label:`Add a member to ${n.title}`,children:t(N,{form:l,name:"member",label:"Member",options:[["","Choose a member"],...s.map(p=>[p.user.id,`${p.user.displayName} (${p.user.email})`])]})}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>(await b(sn,{org:e,team:n.id}),i())),children:["Delete team ",n.title]})]})}var ii=e=>e.split(/[\s,]+/).map(n=>n.trim()).filter(Boolean);function lr({org:e}){let n=x(jn,{org:e}),[r,i]=S(null),a=V({id:"new-webhook",initial:{url:"",events:""},reset:!0,submit:async o=>{let s=ii(o.events),l=await b(Jt,{org:e,input:{url:o.url,events:s.length?s:null}});return i(l.createWebhook.secret??null),await n.reload(),"Webhook added."}});return t(f,{children:[t(ee,{org:e,current:"webhooks"}),t($,{q:n,children:o=>t(f,{children:[t("h1",{children:["Webhooks (",o.organization.webhooks.count,")"]}),r&&t("div",{class:"notice",role:"status",children:[t("p",{children:"The signing secret, shown this once: copy it now."}),t("p",{children:t("code",{class:"secret",children:r})}),t("button",{type:"button",onClick:()=>i(null),children:"Done"})]}),t("ul",{class:"rows",children:o.organization.webhooks.items.map(s=>t("li",{children:t("span",{children:[t("a",{href:G.webhook(e,s.id),children:s.url}),t("span",{class:"muted",children:[" ","· ",s.active?"on":"off"," · ",s.events.length?s.events.join(", "):"every event"]})]})},s.id))}),t("h2",{children:"Add a webhook"}),t(M,{form:a,submit:"Add webhook",label:"New webhook",children:[t(D,{form:a,name:"url",label:"URL",type:"url",hint:"An absolute http or https URL."}),t(D,{form:a,name:"events",label:"Events (optional)",hint:"Event types such as space.created or space.*, separated by commas; empty for every event."})]})]})})]})}function dr({org:e,id:n}){let r=x(Wn,{org:e,webhook:n}),i=W();return t(f,{children:[t(ee,{org:e,current:"webhooks"}),t($,{q:r,children:a=>{let o=a.organization.webhook;return t(f,{children:[t("h1",{children:"Webhook"}),t("p",{children:t("code",{children:o.url})}),t("p",{class:"muted",children:[o.active?"On":"Off",o.disabledReason?` (${o.disabledReason})`:""," · ",o.events.length?o.events.join(", "):"every event"," · added ",J(o.createdAt)]}),t(P,{error:i.error}),t("p",{class:"actions",children:[t("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await b(Nn,{org:e,webhook:n,input:{active:!o.active}}),r.reload())),children:o.active?"Turn off":"Turn on"}),t("button",{type:"button",disabled:i.busy,onClick:()=>r.reload(),children:"Refresh"}),t("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>{await b(ln,{org:e,webhook:n}),E(G.webhooks(e))}),children:"Delete"})]}),t("h2",{children:["Deliveries (",o.deliveries.count,")"]}),o.deliveries.items.length===0?t("p",{class:"muted",children:"No deliveries yet: they come with the organization's next events."}):t("div",{class:"table-wrap",children:t("table",{"data-testid":"deliveries",children:[t("thead",{children:t("tr",{children:[t("th",{scope:"col",children:"Event"}),t("th",{scope:"col",children:"Status"}),t("th",{scope:"col",children:"Answer"}),t("th",{scope:"col",children:"When"}),t("th",{scope:"col",children:t("span",{class:"visually-hidden",children:"Actions"})})]})}),t("tbody",{children:o.deliveries.items.map(s=>t("tr",{children:[t("td",{children:[s.eventType,s.redeliveryOf?t("span",{class:"muted",children:" (redelivery)"}):null]}),t("td",{children:[s.status," ",t("span",{class:"muted",children:["· ",s.attempts," attempts"]})]}),t("td",{children:s.responseCode!=null?`${s.responseCode}${s.durationMs!=null?` in ${s.durationMs} ms`:""}`:s.error??"—"}),t("td",{children:J(s.deliveredAt??s.createdAt)}),t("td",{children:t("button",{type:"button",disabled:i.busy,"aria-label":`Redeliver ${s.eventType} of ${J(s.createdAt)}`,onClick:()=>i.run(async()=>(await b(hn,{org:e,webhook:n,delivery:s.id}),r.reload())),children:"Redeliver"})})]},s.id))})]})})]})}})]})}var te=encodeURIComponent,G={sites:e=>`/app/o/${te(e)}/sites`,site:(e,n)=>`/app/o/${te(e)}/sites/${te(n)}`,members:e=>`/app/o/${te(e)}/admin/members`,teams:e=>`/app/o/${te(e)}/admin/teams`,fields:e=>`/app/o/${te(e)}/admin/custom-fields`,webhooks:e=>`/app/o/${te(e)}/admin/webhooks`,webhook:(e,n)=>`/app/o/${te(e)}/admin/webhooks/${te(n)}`,saml:e=>`/app/o/${te(e)}/admin/saml`,account:e=>`/app/o/${te(e)}/account`};var oi=[["members",G.members,"Members"],["teams",G.teams,"Teams"],["custom-fields",G.fields,"Custom fields"],["webhooks",G.webhooks,"Webhooks"],["saml",G.saml,"SAML"]];function ee({org:e,current:n}){return t("nav",{"aria-label":"Administration",class:"tabs",children:t("ul",{children:oi.map(([r,i,a])=>t("li",{children:t("a",{href:i(e),"aria-current":r===n?"page":void 0,children:a})},r))})})}function ur({org:e,rest:n}){let r=n.split("/").map(i=>decodeURIComponent(i));switch(r[0]){case"sites":return r[1]?t(Le,{org:e,site:r[1]}):t(tr,{org:e});case"account":return t(nr,{});case"admin":switch(r[1]){case"members":case void 0:return t(or,{org:e});case"teams":return t(sr,{org:e});case"custom-fields":return t(rr,{org:e});case"webhooks":return r[2]?t(dr,{org:e,id:r[2]}):t(lr,{org:e});case"saml":return t(ar,{org:e})}}return t(f,{children:[t("h1",{children:"Not found"}),t("p",{children:"There is no such screen."})]})}function J(e){if(!e)return"—";let n=new Date(e);return isNaN(n.getTime())?e:n.toLocaleString()}var fe=[["","Guest"],["read","Read"],["comment","Comment"],["review","Review"],["edit","Edit"],["create","Create"],["admin","Admin"]];var pr=vt({data:null,reload:async()=>{}});function cr(){return Pt(pr)}function gr({org:e,parent:n,collections:r,spaces:i,current:a}){let o=r.filter(l=>(l.parent??null)===n),s=i.filter(l=>(l.parent??null)===n);return!o.length&&!s.length?null:t("ul",{class:"tree",children:[o.map(l=>t("li",{children:[t("a",{href:A.collection(e,l.id),class:"collection","aria-current":a===l.id?"page":void 0,children:[t("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),t(gr,{org:e,parent:l.id,collections:r,spaces:i,current:a})]},l.id)),s.map(l=>t("li",{children:t("a",{href:A.space(e,l.id),"aria-current":a===l.id?"page":void 0,children:[l.emoji?t("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function mr({org:e,current:n,children:r}){let i=x(An,{org:e}),[a,o]=S(!1),[s,l]=S(!1);q(()=>{let c=m=>{let d=m.target,y=d&&(d.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(d.tagName));(m.key==="k"&&(m.ctrlKey||m.metaKey)||m.key==="/"&&!y&&!m.ctrlKey&&!m.metaKey&&!m.altKey)&&(m.preventDefault(),o(!0))};return document.addEventListener("keydown",c),()=>document.removeEventListener("keydown",c)},[]),q(()=>l(!1),[n,e]);let p=i.data,g=p?.organization,u=Ze(e);return t(pr.Provider,{value:{data:p,reload:i.reload},children:[t("a",{class:"skip",href:"#main",children:"Skip to content"}),t("header",{class:"top",children:[t("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[t("span",{"aria-hidden":"true",children:"☰"}),t("span",{class:"visually-hidden",children:"Spaces"})]}),t("a",{class:"brand",href:A.org(e),children:"Folio"}),p&&t("select",{"aria-label":"Organization",value:e,onChange:c=>E(A.org(c.target.value)),children:p.organizations.items.map(c=>t("option",{value:c.id,children:c.title},c.id))}),t("button",{type:"button",class:"search-button",onClick:()=>o(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",t("kbd",{children:"/"})]}),t("span",{class:"spacer"}),p&&t("a",{class:"account",href:"/account",title:p.viewer.email??void 0,children:p.viewer.displayName})]}),t("div",{class:"frame",children:[t("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[i.error&&!p&&t("p",{class:"notice error",role:"alert",children:i.error.message}),u.length>0&&t("section",{"aria-labelledby":"recent-h",children:[t("h2",{id:"recent-h",children:"Recent"}),t("ul",{class:"tree",children:u.map(c=>t("li",{children:t("a",{href:A.space(e,c.id),children:[c.emoji?t("span",{"aria-hidden":"true",children:[c.emoji," "]}):null,c.title||"Untitled space"]})},c.id))})]}),g&&t("section",{"aria-labelledby":"tree-h",children:[t("h2",{id:"tree-h",children:g.title}),t(gr,{org:e,parent:null,collections:g.collections.items,spaces:g.spaces.items,current:n}),!g.collections.items.length&&!g.spaces.items.length&&t("p",{class:"muted",children:"No spaces yet."})]}),t("section",{"aria-labelledby":"manage-h",children:[t("h2",{id:"manage-h",children:"Manage"}),t("ul",{class:"tree",children:[t("li",{children:t("a",{href:G.sites(e),children:"Sites"})}),t("li",{children:t("a",{href:G.members(e),children:"Administration"})}),t("li",{children:t("a",{href:G.account(e),children:"Your tokens and invitations"})})]})]})]}),t("main",{id:"main",tabIndex:-1,children:r})]}),a&&t(Jn,{org:e,onClose:()=>o(!1)})]})}function ge({pages:e,href:n,current:r,label:i}){return t("nav",{class:"pages","aria-label":i,children:t(yr,{pages:e,href:n,current:r})})}function yr({pages:e,href:n,current:r}){return e.length?t("ul",{children:e.map(i=>t("li",{children:[i.type==="group"?t("span",{class:"group",children:i.title}):t("a",{href:n(i.id),"aria-current":r===i.id?"page":void 0,children:[i.emoji?t("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled"]}),i.pages&&t(yr,{pages:i.pages,href:n,current:r})]},i.id))}):null}function nt(e){for(let n of e){if(n.type==="document")return n;let r=n.pages&&nt(n.pages);if(r)return r}}function br({org:e,space:n,number:r,page:i}){let a=x(qt,{space:n,number:r});return t($,{q:a,children:o=>{let s=o.space?.changeRequest;return!o.space||!s?t("h1",{children:"No such change request"}):t("div",{class:"reader",children:[t(ge,{label:"Pages in this change request",pages:s.content.pages,href:l=>A.changeRequest(e,n,s.number,l),current:i}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:A.space(e,n),children:o.space.title})," · change request #",s.number]}),t("h1",{children:s.subject||"Untitled change request"}),t("p",{children:[t("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),(s.status==="open"||s.status==="draft")&&t("p",{children:t("a",{class:"button primary",href:A.edit(e,n,s.number,i),children:"Edit pages"})})]})]})}})}function hr({org:e,id:n}){let r=x(Ft,{id:n});return t($,{q:r,children:i=>i.collection?t(f,{children:[t("h1",{children:i.collection.title}),i.collection.description&&t("p",{class:"lead",children:i.collection.description}),t("ul",{class:"cards",children:[i.collection.collections.items.map(a=>t("li",{children:t("a",{href:A.collection(e,a.id),children:a.title})},a.id)),i.collection.spaces.items.map(a=>t("li",{children:t("a",{href:A.space(e,a.id),children:[a.emoji?t("span",{"aria-hidden":"true",children:[a.emoji," "]}):null,a.title||"Untitled space"]})},a.id))]})]}):t("h1",{children:"No such collection"})})}var rt=(e,n,r)=>`folio.draft.${e}.${n}.${r}`;function fr(e,n,r){try{let i=JSON.parse(localStorage.getItem(rt(e,n,r))??"null");return i&&typeof i.markdown=="string"&&typeof i.title=="string"?i:null}catch{return null}}function vr(e,n,r,i){try{localStorage.setItem(rt(e,n,r),JSON.stringify(i))}catch{}}function me(e,n,r){try{localStorage.removeItem(rt(e,n,r))}catch{}}function Ve({id:e,error:n,field:r}){let i=n?.forField(r);return t("span",{id:e,class:"field-error",role:i?"alert":void 0,children:i??""})}function Sr(e,n=null,r=0,i=[]){return e.forEach((a,o)=>{i.push({id:a.id,title:a.title,type:a.type,parent:n,index:o,depth:r,siblings:e.length}),a.pages&&Sr(a.pages,a.id,r+1,i)}),i}function Me(e){return e instanceof T?e:new T([{message:String(e)}])}function _r({org:e,space:n,number:r,page:i}){let a=x(un,{space:n,number:r,page:i??"",withPage:!!i}),[o,s]=S(null),[l,p]=S(null),[g,u]=S(!1),c=a.data?.space?.changeRequest;q(()=>{c&&s(c.revision)},[c?.revision]);let m=De(()=>c?Sr(c.content.pages):[],[c]),d=async h=>{let w=await b(dn,{space:n,cr:r,input:{changes:h,baseRevision:o}});return s(w.updateChangeRequestContent.changeRequest.revision),w.updateChangeRequestContent},y=async(h,w)=>{u(!0);try{let _=await d(h);p(null),w?.(_),await a.reload()}catch(_){p(Me(_))}finally{u(!1)}},R=h=>y([{operation:"insert_page",ref:"new",title:"Untitled",into:h,document:{markdown:""}}],w=>{let _=w.changes.find(j=>j.ref==="new")?.page;_?.id&&E(A.edit(e,n,r,_.id))}),v=(h,w,_)=>y([{operation:"update_page",page:h,into:w,at:_}]),I=h=>{confirm(`Delete “${h.title}” and its subpages from this change request?`)&&y([{operation:"delete_page",page:h.id}],()=>{me(n,r,h.id),i===h.id&&E(A.edit(e,n,r),!0)})};return t($,{q:a,children:h=>{let w=h.space,_=w?.changeRequest;if(!w||!_)return t("h1",{children:"No such change request"});let j=m.find(Y=>Y.id===i);return t("div",{class:"editor-screen",children:[t("p",{class:"crumb",children:[t("a",{href:A.space(e,n),children:w.title})," · ",t("a",{href:A.changeRequest(e,n,_.number),children:["change request #",_.number]})]}),t("h1",{children:["Editing: ",_.subject||"Untitled change request"]}),!w.permissions.edit&&t("p",{class:"notice error",children:"You may read this change request but not edit it."}),t("div",{class:"editor-layout",children:[t("section",{class:"edit-tree","aria-labelledby":"edit-tree-h",children:[t("h2",{id:"edit-tree-h",children:"Pages"}),t(ai,{pages:_.content.pages,flat:m,current:i,href:Y=>A.edit(e,n,r,Y),onMove:v}),t("button",{type:"button",onClick:()=>R(null),disabled:g||!w.permissions.edit,children:"Add page"}),t(P,{error:l})]}),i&&_.content.page&&j?t(si,{space:n,number:r,cr:_,page:_.content.page,flat:m,here:j,base:o??_.revision,edit:d,reload:a.reload,busy:g,onMove:v,onAddChild:()=>R(i),onDelete:()=>I(j),linkTo:Y=>`/pages/${Y}`},i):t("p",{class:"muted",children:m.length?"Choose a page to edit, or add one.":"No pages yet: add the first one."})]})]})}})}function ai({pages:e,flat:n,current:r,href:i,onMove:a}){let[o,s]=S(null),l=p=>t("ul",{children:p.map(g=>{let u=n.find(c=>c.id===g.id);return t("li",{draggable:!0,onDragStart:c=>{c.stopPropagation(),s(g.id),c.dataTransfer?.setData("text/plain",g.id)},onDragOver:c=>{o&&o!==g.id&&c.preventDefault()},onDrop:c=>{c.preventDefault(),c.stopPropagation();let m=o??c.dataTransfer?.getData("text/plain");s(null),m&&m!==g.id&&a(m,u.parent,u.index)},class:o===g.id?"dragging":void 0,children:[t("a",{href:i(g.id),"aria-current":r===g.id?"page":void 0,children:g.title||"Untitled"}),g.pages&&g.pages.length>0&&l(g.pages)]},g.id)})});return t("nav",{"aria-label":"Pages of this change request",class:"pages",children:l(e)})}function si(e){let{space:n,number:r,page:i,flat:a,here:o}=e,s={title:i.title,markdown:i.markdown??""},l=fr(n,r,i.id),[p,g]=S(l?.title??s.title),[u,c]=S(l?.markdown??s.markdown),[m,d]=S(s),[y,R]=S(!!l&&(l.title!==s.title||l.markdown!==s.markdown)),[v,I]=S(null),[h,w]=S(null),[_,j]=S(""),[Y,se]=S(!1),[re,ve]=S(""),[X,ne]=S(null),[Q,H]=S(!1),Oe=Z(null),ue=Z(null),Ee=Z({title:p,text:u});Ee.current={title:p,text:u};let Ar=Z(e.base);Ar.current=e.base;let Ue=p!==m.title||u!==m.markdown;q(()=>{Ue?vr(n,r,i.id,{title:p,markdown:u,base:e.base}):me(n,r,i.id)},[p,u,m]),q(()=>{let k=new AbortController,F=setTimeout(async()=>{try{let K=await b(_n,{markdown:u,space:n},k.signal);ve(K.renderMarkdown),ne(null)}catch(K){k.signal.aborted||ne(Me(K).message)}},250);return()=>{clearTimeout(F),k.abort()}},[u]);let it=async k=>{j(`Uploading ${k.map(F=>F.name).join(", ")}…`);try{let F=await Promise.all(k.map(async B=>({name:B.name,contentType:B.type||"application/octet-stream",base64:await ui(B)}))),K=await e.edit([{operation:"insert_files",files:F}]),Se=K.insertedFiles.map(B=>B.contentType.startsWith("image/")?`![${B.name}](/files/${B.id})`:`[${B.name}](/files/${B.id})`).join(`
`);ue.current?.insert(Se),j(`Uploaded ${K.insertedFiles.length} file(s) to the space's files.`),I(null)}catch(F){I(Me(F)),j("")}},ze=async(k=!1)=>{let{title:F,text:K}=Ee.current,Se=[],B={operation:"update_page",page:i.id};if(F!==m.title&&(B.title=F),K!==m.markdown&&(B.document={markdown:K}),B.title===void 0&&B.document===void 0){j("Nothing to save.");return}Se.push(B),se(!0);try{await e.edit(Se),d({title:F,markdown:K}),me(n,r,i.id),R(!1),w(null),I(null),j(k?"Saved over the other changes.":"Saved."),e.reload()}catch(Tr){let ot=Me(Tr),qe=ot.code("PRECONDITION");qe?(w({pages:qe.extensions?.changedPages??[],revision:String(qe.extensions?.revision??""),mine:K}),I(null)):I(ot),j("")}finally{se(!1)}};q(()=>{let k=!1;return import("./chunk-GSQISD7G.js").then(({createEditor:F})=>{k||!Oe.current||(ue.current=F(Oe.current,Ee.current.text,{label:"Page content, markdown",onChange:c,onFiles:it,onSave:()=>ze()}))}),()=>{k=!0,ue.current?.destroy(),ue.current=null}},[i.id]);let Cr=async()=>{me(n,r,i.id),await e.reload()},Dr=a.filter(k=>k.parent===o.parent),Pr=a.filter(k=>k.id!==o.id&&k.type==="document"&&!li(a,k.id,o.id));return t("section",{class:"page-editor","aria-labelledby":"page-editor-h",children:[t("h2",{id:"page-editor-h",class:"visually-hidden",children:["Edit ",p||"page"]}),y&&t("div",{class:"notice",role:"status",children:["Unsaved changes from your last visit were restored."," ",t("button",{type:"button",onClick:()=>{g(s.title),c(s.markdown),ue.current?.set(s.markdown),me(n,r,i.id),R(!1)},children:"Discard them"})]}),h&&t("div",{class:"notice error",role:"alert",children:[t("p",{children:["Someone else changed this change request since you opened it:"," ",h.pages.length?h.pages.map(k=>`${k.title||k.id} (${k.change})`).join(", "):"its content",". Your text was not saved and is still here."]}),h.pages.some(k=>k.id===i.id)?t("p",{children:"This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs."}):t("p",{children:"This page is not among them: save again to add your change on top of theirs."}),t("p",{class:"actions",children:[t("button",{type:"button",onClick:Cr,children:"Reload this page"}),t("button",{type:"button",onClick:()=>ze(!0),children:h.pages.some(k=>k.id===i.id)?"Save mine over theirs":"Save again"})]}),t("details",{children:[t("summary",{children:"Your text"}),t("pre",{class:"markdown",children:h.mine})]})]}),t("div",{class:"field",children:[t("label",{for:"page-title",children:"Title"}),t("input",{id:"page-title",value:p,maxLength:256,"aria-invalid":!!v?.forField("title"),"aria-describedby":"page-title-error",onInput:k=>g(k.target.value)}),t(Ve,{id:"page-title-error",error:v,field:"title"})]}),t("div",{class:"toolbar",role:"toolbar","aria-label":"Page",children:[t("button",{type:"button",class:"primary save",onClick:()=>ze(),disabled:Y||!Ue,"aria-keyshortcuts":"Control+S",children:Y?"Saving…":"Save"}),t("span",{class:"status",role:"status",children:Ue?"Unsaved changes":_}),t("button",{type:"button",onClick:()=>H(!Q),"aria-expanded":Q,children:"Link to a page"}),t("label",{class:"file-button",children:["Add files",t("input",{type:"file",multiple:!0,class:"visually-hidden",onChange:k=>{let F=k.target,K=Array.from(F.files??[]);F.value="",K.length&&it(K)}})]}),t("button",{type:"button",onClick:e.onAddChild,disabled:e.busy,children:"Add subpage"}),t("button",{type:"button",class:"danger",onClick:e.onDelete,disabled:e.busy,children:"Delete page"})]}),Q&&t(di,{flat:a.filter(k=>k.id!==i.id&&k.type==="document"),onPick:k=>{ue.current?.insert(`[${k.title}](${e.linkTo(k.id)})`),H(!1)}}),t("fieldset",{class:"move",children:[t("legend",{children:"Move"}),t("button",{type:"button",disabled:e.busy||o.index===0,onClick:()=>e.onMove(i.id,o.parent,o.index-1),children:"Up"}),t("button",{type:"button",disabled:e.busy||o.index>=Dr.length-1,onClick:()=>e.onMove(i.id,o.parent,o.index+1),children:"Down"}),t("label",{for:"move-into",children:"Inside"}),t("select",{id:"move-into",value:o.parent??"",disabled:e.busy,onChange:k=>{let F=k.target.value;e.onMove(i.id,F||null,1e5)},children:[t("option",{value:"",children:"(top level)"}),Pr.map(k=>t("option",{value:k.id,children:[" ".repeat(k.depth*2),k.title]},k.id))]})]}),v&&!v.forField("title")&&t(P,{error:v}),t("div",{class:"split",children:[t("div",{class:"source",ref:Oe}),t("section",{class:"preview","aria-labelledby":"preview-h",children:[t("h3",{id:"preview-h",children:"Preview"}),X?t("p",{class:"notice error",children:X}):t("div",{class:"page-body",dangerouslySetInnerHTML:{__html:re}})]})]})]})}function li(e,n,r){for(let i=e.find(a=>a.id===n);i;i=i.parent?e.find(a=>a.id===i.parent):void 0)if(i.id===r)return!0;return!1}function di({flat:e,onPick:n}){let[r,i]=S(""),a=e.filter(o=>o.title.toLowerCase().includes(r.trim().toLowerCase())).slice(0,8);return t("div",{class:"linker",children:[t("label",{for:"link-search",children:"Page title"}),t("input",{id:"link-search",type:"search",autoFocus:!0,value:r,onInput:o=>i(o.target.value),onKeyDown:o=>{o.key==="Enter"&&a[0]&&(o.preventDefault(),n(a[0]))}}),t("ul",{children:[a.map(o=>t("li",{children:t("button",{type:"button",onClick:()=>n(o),children:o.title})},o.id)),!a.length&&t("li",{class:"muted",children:"No page has that title."})]})]})}function ui(e){return new Promise((n,r)=>{let i=new FileReader;i.onload=()=>n(String(i.result).replace(/^data:[^,]*,/,"")),i.onerror=()=>r(new Error(`${e.name} could not be read`)),i.readAsDataURL(e)})}function kr({org:e}){let n=x(mn,{org:e});return t($,{q:n,children:r=>r.organization?t(f,{children:[t("h1",{children:r.organization.title}),r.organization.permissions.createContent&&t(pi,{org:e}),t("section",{"aria-labelledby":"spaces-h",children:[t("h2",{id:"spaces-h",children:["Spaces (",r.organization.spaces.count,")"]}),t("ul",{class:"cards",children:r.organization.spaces.items.map(i=>t("li",{children:[t("a",{href:A.space(e,i.id),children:[i.emoji?t("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]}),i.changeRequestsOpen>0&&t("span",{class:"muted",children:[" · ",i.changeRequestsOpen," open change requests"]})]},i.id))})]}),r.organization.changeRequests.items.length>0&&t("section",{"aria-labelledby":"cr-h",children:[t("h2",{id:"cr-h",children:"Open change requests"}),t("ul",{children:r.organization.changeRequests.items.map(i=>t("li",{children:[t("a",{href:ie(i.urls.app),children:["#",i.number," ",i.subject||"Untitled change request"]})," ",t("span",{class:"muted",children:i.status})]},i.id))})]})]}):t("h1",{children:"No such organization"})})}function pi({org:e}){let n=cr(),[r,i]=S(""),[a,o]=S(null),[s,l]=S(!1);return t("form",{class:"inline-form",onSubmit:async p=>{p.preventDefault(),l(!0);try{let g=await b(Kt,{org:e,input:{title:r.trim()}});o(null),await n.reload(),E(ie(g.createSpace.urls.app))}catch(g){o(g instanceof T?g:new T([{message:String(g)}]))}finally{l(!1)}},children:[t("label",{for:"new-space-title",children:"New space"}),t("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!a?.forField("title"),"aria-describedby":"new-space-title-error",onInput:p=>i(p.target.value)}),t("button",{type:"submit",disabled:s,children:"Create space"}),t(Ve,{id:"new-space-title-error",error:a,field:"title"}),a&&!a.forField("title")&&t(P,{error:a})]})}function Rr({org:e,slug:n}){let r=x(gn,{org:e,slug:n});return t($,{q:r,children:i=>{let a=i.organization?.openAPISpec;return a?t(f,{children:[t("h1",{children:["OpenAPI: ",a.slug]}),t("dl",{children:[t("dt",{children:"State"}),t("dd",{children:a.processingState}),t("dt",{children:"Updated"}),t("dd",{children:new Date(a.updatedAt).toLocaleString()}),a.sourceURL&&t(f,{children:[t("dt",{children:"Source"}),t("dd",{children:a.sourceURL})]}),t("dt",{children:"Errors"}),t("dd",{children:a.lastProcessedErrorCount})]})]}):t("h1",{children:"No such OpenAPI specification"})}})}function xr({org:e,space:n,revision:r,page:i}){let a=x(kn,{space:n,revision:r,page:i??"",withPage:!!i});return t($,{q:a,children:o=>{let s=o.space?.revisionById;return!o.space||!s?t("h1",{children:"No such revision"}):t("div",{class:"reader",children:[t(ge,{label:"Pages in this revision",pages:s.pages,href:l=>A.revision(e,n,s.id,l),current:i}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:A.space(e,n),children:o.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?t(f,{children:[t("h1",{children:s.page.title}),t("div",{class:"page-body",dangerouslySetInnerHTML:{__html:s.page.html??""}})]}):t("h1",{children:["Revision ",s.id]})]})]})}})}function wr({org:e,site:n,preview:r}){let i=x(Dn,{org:e,site:n});return t($,{q:i,children:a=>{let o=a.organization?.site;return o?t(f,{children:[t("h1",{children:[o.title,r?" (preview)":""]}),t("p",{children:[o.published?"Published":"Not published"," · ",o.visibility," · ",o.siteSpaces," spaces"]}),t("ul",{children:[o.urls.published&&t("li",{children:t("a",{href:o.urls.published,children:"Open the published site"})}),t("li",{children:t("a",{href:o.urls.preview,children:"Preview"})})]})]}):t("h1",{children:"No such site"})}})}function $r({org:e,space:n,page:r}){let i=x(Tn,{org:e,space:n,page:r??"",withPage:!!r}),[a,o]=S(null),[s,l]=S(!1),p=i.data?.space;return q(()=>{p&&Qn(e,{id:p.id,title:p.title,emoji:p.emoji})},[p?.id]),t($,{q:i,children:g=>{let u=g.space;if(!u)return t("h1",{children:"No such space"});let c=nt(u.revision.pages),m=u.revision.page,d=g.organization?.changeRequests.items.find(v=>v.createdBy.id===g.viewer.id),y=async()=>{if(d){E(A.edit(e,n,d.number,r));return}l(!0);try{let v=await b(Nt,{space:n,subject:null});E(A.edit(e,n,v.createChangeRequest.number,r))}catch(v){o(v instanceof T?v:new T([{message:String(v)}]))}finally{l(!1)}},R=t(f,{children:[u.emoji?t("span",{"aria-hidden":"true",children:[u.emoji," "]}):null,u.title||"Untitled space"]});return t("div",{class:"reader",children:[t(ge,{label:"Pages",pages:u.revision.pages,href:v=>A.page(e,u.id,v),current:r??c?.id}),t("article",{children:[t("div",{class:"space-bar",children:[m?t("p",{class:"crumb",children:R}):t("h1",{children:R}),u.permissions.edit&&t("button",{type:"button",class:"primary edit",onClick:y,disabled:s,children:d?`Edit (continue #${d.number})`:"Edit"}),u.urls.published&&t("a",{href:u.urls.published,children:"Published site"})]}),t(P,{error:a}),m?t(f,{children:[t("h1",{children:m.title}),m.description&&t("p",{class:"lead",children:m.description}),t("div",{class:"page-body",dangerouslySetInnerHTML:{__html:m.html??""}})]}):c?t("p",{children:t("a",{href:A.page(e,u.id,c.id),children:["Read ",c.title]})}):t("p",{class:"muted",children:["This space has no pages yet",u.permissions.edit?": Edit to write the first one.":"."]})]})]})}})}function ci(e){switch(e.kind){case"changeRequest":return`Change request #${e.number} · Folio`;case"edit":return`Editing change request #${e.number} · Folio`;case"site":return"Site · Folio";case"manage":return e.rest.startsWith("sites")?"Sites · Folio":e.rest.startsWith("account")?"Your account · Folio":"Administration · Folio";case"openapi":return`OpenAPI ${e.slug} · Folio`;default:return"Folio"}}function gi({route:e}){switch(e.kind){case"org":return t(kr,{org:e.org});case"collection":return t(hr,{org:e.org,id:e.id});case"space":return t($r,{org:e.org,space:e.space,page:e.page});case"revision":return t(xr,{org:e.org,space:e.space,revision:e.revision,page:e.page});case"changeRequest":return t(br,{org:e.org,space:e.space,number:e.number,page:e.page});case"edit":return t(_r,{org:e.org,space:e.space,number:e.number,page:e.page});case"site":return e.preview?t(wr,{org:e.org,site:e.site,preview:!0}):t(Le,{org:e.org,site:e.site});case"manage":return t(ur,{org:e.org,rest:e.rest});case"openapi":return t(Rr,{org:e.org,slug:e.slug});default:return null}}function mi(){let e=x(Ln,{}),n=e.data?.organizations.items[0];return q(()=>{n&&E(A.org(n.id),!0)},[n?.id]),t("main",{id:"main",class:"start",children:t($,{q:e,children:r=>r.organizations.items.length?t("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):t(f,{children:[t("h1",{children:["Welcome, ",r.viewer.displayName]}),t("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",t("a",{href:"/account",children:"account page"}),"."]})]})})})}function Ir(){let e=Bn();if(q(()=>{document.title=ci(e),document.getElementById("main")?.focus({preventScroll:!0})},[e]),e.kind==="start")return t(mi,{});if(e.kind==="notFound")return t("main",{id:"main",class:"start",children:[t("h1",{children:"Not found"}),t("p",{children:["The app has no page at ",e.path,". ",t("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let n=e.kind==="space"||e.kind==="revision"||e.kind==="changeRequest"||e.kind==="edit"?e.space:e.kind==="collection"?e.id:void 0;return t(mr,{org:e.org,current:n,children:t(gi,{route:e})})}Hn();ft(t(Ir,{}),document.getElementById("app"));
