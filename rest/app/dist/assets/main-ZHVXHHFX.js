var R,We,ir,J,xe,be,je,ce,Ge,we,$e,He,ae=Symbol.for("pv"),he={},fe=[],or=/^m(i|n|o|s|text|space)$/,Ae=Array.isArray,Ke=fe.slice,te=Object.assign;function ee(e){e&&e.parentNode&&e.remove()}function me(e,n,r,i,a){var o={type:e,props:n,key:r,ref:i,__k:null,__:null,__b:0,__e:null,__c:null,constructor:ae,__v:a||++We,__i:-1,__u:0};return!a&&R.vnode&&R.vnode(o),o}function h(e){return e.children}function ge(e,n){this.props=e,this.context=n,this.__g=0}function Y(e,n){if(n==null)return e.__&&Y(e.__,e.__i+1);for(var r;n<e.__k.length;n++)if((r=e.__k[n])&&r.__e)return r.__e;return typeof e.type!="function"||e.props.__P?null:Y(e)}function ar(e){var n,r=e.__v,i=r.__e,a=[],o=[],s=e.__P;s&&((n=te({constructor:ae},r)).__v=r.__v+1,R.vnode&&R.vnode(n),Ce(s,n,r,e.__n,s.namespaceURI,32&r.__u?[i]:null,a,i||Y(r),32&r.__u,o),n.__v=r.__v,n.__.__k[n.__i]=n,Ze(a,n,o),r.__=r.__e=null,n.__e!=i&&Be(n))}function Be(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(n){return n&&(e.__e=n.__e)}),Be(e)}function Ie(e){(8&e.__g||(e.__g|=8,J.push(e),be++))&&xe==R.debounceRendering||((xe=R.debounceRendering)||queueMicrotask)(Qe)}function Qe(){try{for(var e,n=1;J.length;)J.length>n&&J.sort(je),e=J.shift(),n=J.length,8&e.__g&&ar(e)}finally{(be=J.length)&&(xe||queueMicrotask)(Qe)}}function Je(e,n,r,i,a,o,s,l,p,m,u){var c,g,d,b,k,v,I=i.__k||fe,S=n.length;for(p=sr(r,n,I,p,S),c=0;c<S;c++)(d=r.__k[c])!=null&&(g=~d.__i&&I[d.__i]||he,d.__i=c,v=Ce(e,d,g,a,o,s,l,p,m,u),b=d.__e,(g.ref!=d.ref||8&g.__u)&&(g.ref&&De(g.ref,null,d,g),d.ref&&u.push(d.ref,d.__c||b,d)),k=k||b,4&d.__u?(p=Ye(d,p,e,!g.__v),g.__e&&(g.__e=null)):typeof d.type=="function"&&v!==void 0?p=v:b&&(p=b.nextSibling),d.__u&=-21);return r.__e=k,p}function sr(e,n,r,i,a){var o,s,l,p,m,u,c,g,d,b=r.length,k=b,v=0,I=0,S=e.__k=Array(a);for(o=0;o<a;o++)(s=n[o])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=S[o]=me(null,s):Ae(s)?s=S[o]=me(h,{children:s}):s.constructor===ae&&s.__b?s=S[o]=me(s.type,s.props,s.key,s.ref,s.__v):S[o]=s,p=o+v,s.__=e,s.__b=e.__b+1,l=null,~(m=s.__i=lr(s,r,p,k))&&(k--,(l=r[m])&&(l.__u|=2)),l&&l.__v?(s.__u|=16,m==p-1?v--:m==p+1?v++:m!=p&&(m>p?v--:v++,I=1)):(~m||(a>b?v--:a<b&&v++),typeof s.type!="function"&&(s.__u|=4))):S[o]=null;if(I){for(u=[],c=[],o=0;o<a;o++)if((s=S[o])&&16&s.__u){for(v=0,g=u.length;v<g;)u[d=v+g>>1]<s.__i?v=d+1:g=d;u[v]=s.__i,c[o]=v+1}for(v=u.length;o--;)c[o]&&(c[o]==v?v--:S[o].__u|=4)}if(k)for(o=0;o<b;o++)!(l=r[o])||2&l.__u||(l.__e==i&&(i=Y(l)),Pe(l,l));return i}function Ye(e,n,r,i){var a,o,s,l;if(typeof e.type=="function"){if(e.props.__P)return n;if(a=e.__k)for(o=0;o<a.length;o++)a[o]&&(a[o].__=e,n=Ye(a[o],n,r,!1));return n}for(n&&!n.parentNode&&(n=Y(e))&&!n.parentNode&&(n=null),s=e.__e,l=n;l&&l.nodeType==8;)l=l.nextSibling;for(s!=l&&(!i&&r.moveBefore&&s.parentNode?r.moveBefore(s,n):r.insertBefore(s,n||null)),n=s;(n=n&&n.nextSibling)&&n.nodeType==8&&!n.data.startsWith("$s"););return n}function lr(e,n,r,i){var a,o=e.key,s=e.type,l=n[r],p=l&&!(2&l.__u);if(l===null&&o==null||p&&o==l.key&&s==l.type)return r;if(i>(p?1:0)){for(a=r-1;a>=0;a--)if((l=n[a])&&!(2&l.__u)&&o==l.key&&s==l.type)return a;for(a=r+1;a<n.length;a++)if((l=n[a])&&!(2&l.__u)&&o==l.key&&s==l.type)return a}return-1}function Ee(e,n,r){r==null&&(r=""),n[0]=="-"?e.setProperty(n,r):e[n]=r}function ue(e,n,r,i,a){var o,s;if(n=="style")if(typeof r=="string")e.style.cssText=r;else{if(typeof i=="string"&&(e.style.cssText=i=""),i)for(n in i)r&&n in r||Ee(e.style,n);if(r)for(n in r)i&&r[n]==i[n]||Ee(e.style,n,r[n])}else if(n[0]=="o"&&n[1]=="n")typeof r!="function"&&(r=null),typeof i!="function"&&(i=null),(e.__e||(e.__e={}))[n]=r,r&&i||(s=$e[n]||($e[n]=dr(n)),(e.__a||(e.__a={}))[n]=we,o=n!=(n=n.replace(Ge,"$1")),(n=n.slice(2))[0]<"a"&&(n=n.toLowerCase()),r?e.addEventListener(n,s,o):e.removeEventListener(n,s,o));else{if(a=="http://www.w3.org/2000/svg")n=n.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(n!="width"&&n!="height"&&n!="href"&&n!="list"&&n!="form"&&n!="tabIndex"&&n!="download"&&n!="rowSpan"&&n!="colSpan"&&n!="role"&&n!="popover"&&n in e)try{return void(e[n]=r??"")}catch{}if(typeof r=="function")return;r==null||r===!1&&n[4]!="-"?e.removeAttribute(n):e.setAttribute(n,n=="popover"&&r==1?"":r)}}function dr(e){return function(n){var r=this.__e;if(r){if(r=r[e],n[ce]==null)n[ce]=we++;else if(n[ce]<this.__a[e])return;return r(R.event?R.event(n):n)}}}function Ce(e,n,r,i,a,o,s,l,p,m){var u,c,g,d,b,k,v,I,S,M,D,Re,Ne,pe,X,qe,Q,Z,K=n.type;if(n.constructor!==ae)return null;128&r.__u&&(p=32&r.__u,u=r.__c.__z)&&(n.__u|=p,c=o=[],u.nodeType==8?l=ye(u,o):o.push(u),l=o[0]||l),(u=R.__b)&&u(n);e:if(typeof K=="function"){g=s.length;try{if(I=n.props,S=(u=K.prototype)&&u.render,M=(u=K.contextType)&&i[u.__c],D=u?M?M.props.value:u.__:i,(d=r.__c)?(n.__c=d,2&d.__g&&(d.__g|=1)):(S?n.__c=d=new K(I,D):(n.__c=d=new ge(I,D),d.constructor=K,d.render=ur),M&&M.sub(d),d.state||(d.state={}),d.__n=i,d.__g|=8,d.__h=[],d.__k=[]),S&&(d.__s||(d.__s=d.state),K.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=te({},d.__s)),te(d.__s,K.getDerivedStateFromProps(I,d.__s)))),b=d.props,k=d.state,d.__v=n,r.__c){if(I!==b&&S&&!K.getDerivedStateFromProps&&d.componentWillReceiveProps&&d.componentWillReceiveProps(I,D),n.__v==r.__v&&!(8&d.__g)||!(4&d.__g)&&d.shouldComponentUpdate&&d.shouldComponentUpdate(I,d.__s,D)===!1){n.__v!=r.__v&&(d.props=I,d.state=d.__s,d.__g&=-9),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(W){W&&(W.__=n)}),fe.push.apply(d.__h,d.__k),d.__k=[],d.__h.length&&s.push(d),l=Y(r);break e}d.componentWillUpdate&&d.componentWillUpdate(I,d.__s,D),S&&d.componentDidUpdate&&d.__h.push(function(){d.componentDidUpdate(b,k,v)})}else S&&!K.getDerivedStateFromProps&&d.componentWillMount&&d.componentWillMount(),S&&d.componentDidMount&&d.__h.push(d.componentDidMount);d.context=D,d.props=I,d.__P=e,d.__g&=-5,Re=R.__r,Ne=S?25:0;do d.__g&=-9,Re&&Re(n),u=d.render(d.props,d.state=d.__s,d.context);while(8&d.__g&&++Ne<25);S&&(fe.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(i=te({},i,d.getChildContext())),S&&r.__c&&d.getSnapshotBeforeUpdate&&(v=d.getSnapshotBeforeUpdate(b,k)),pe=u&&u.type===h&&u.key==null?u.props.children:u,I.__P&&(u=l,a=(e=I.__P).namespaceURI,p=o=null,r.props&&r.props.__P!=e&&(r.__k.some(function(W){W&&Pe(W,W)}),r.__k=null),l=r.__k?Y(r,0):null),l=Je(e,Ae(pe)?pe:[pe],n,r,i,a,o,s,l,p,m),I.__P&&(n.__e=null,l=u),n.__u&=-161,c&&c.some(ee),d.__h.length&&s.push(d),1&d.__g&&(d.__g&=-4)}catch(W){if(s.length=g,n.__v=null,p||o)if(W&&W.then){if(n.__u|=128|p,o){for(~(Q=o.indexOf(l||void 0))||(Q=o.length);(Z=o[Q-1])&&Z.nodeType==8;)Q--;for(;Q<o.length;Q++)if(Z=o[Q])if(o[Q]=null,X){if(Z==qe)break}else{if(Z.nodeType!=8)break;Z.data.startsWith("$s")&&(qe=ye(X=Z))}}if(!X){for(;l&&l.nodeType==8&&l.nextSibling;)l=l.nextSibling;X=l}(u=ye(X=n.__c.__z||(n.__c.__z=X)))?(n.__e=X,l=u):n.__e=l,l=l&&l.nextSibling}else o&&o.some(ee);else n.__e=r.__e;n.__k||(n.__k=r.__k||[]),W&&W.then||Xe(n),R.__e(W,n,r)}}else l=n.__e=pr(r.__e,n,r,i,a,o,s,p,m,e);return(u=R.diffed)&&u(n),l}function ye(e,n){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var r=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))r++;else if(e.data.startsWith("/$s")&&!--r)return e}n&&n.push(e)}}function Xe(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(Xe))}function Ze(e,n,r){for(var i=0;i<r.length;)De(r[i++],r[i++],r[i++]);R.__c&&R.__c(n,e),e.some(function(a){try{e=a.__h,a.__h=[],e.some(function(o){o.call(a)})}catch(o){R.__e(o,a.__v)}})}function pr(e,n,r,i,a,o,s,l,p,m){var u,c,g,d,b,k,v,I,S=r.props||he,M=n.props,D=n.type;if(D=="svg"?a="http://www.w3.org/2000/svg":D=="math"?a="http://www.w3.org/1998/Math/MathML":a||(a="http://www.w3.org/1999/xhtml"),o){for(u=0;u<o.length;u++)if((b=o[u])&&(D?b.localName==D:b.nodeType==3)){e=b,o[u]=null;break}}if(!e){if(I=m.ownerDocument||document,!D)return I.createTextNode(M);e=I.createElementNS(a,D,M.is?M:m),l&&(R.__m&&R.__m(n,o),l=!1),o=null}if(D){if(m=D=="template"&&e.content||e,o=D=="textarea"&&M.defaultValue!=null?null:o&&Ke.call(m.childNodes),!l&&o)for(S={},u=0;u<e.attributes.length;u++)S[(b=e.attributes[u]).name]=b.value;for(u in S)b=S[u],u=="dangerouslySetInnerHTML"?g=b:u=="children"||u in M||u=="value"&&"defaultValue"in M||u=="checked"&&"defaultChecked"in M||ue(e,u,null,b,a);for(u in M)b=M[u],u=="children"?d=b:u=="dangerouslySetInnerHTML"?c=b:u=="value"?k=b:u=="checked"?v=b:l&&typeof b!="function"||S[u]===b||ue(e,u,b,S[u],a);c?(l||g&&(c.__html==g.__html||c.__html==e.innerHTML)||(e.innerHTML=c.__html),n.__k=[]):(g&&(e.textContent=""),(D=="foreignObject"||a=="http://www.w3.org/1998/Math/MathML"&&or.test(D))&&(a="http://www.w3.org/1999/xhtml"),Je(m,Ae(d)?d:[d],n,r,i,a,o,s,o?o[0]:r.__k&&Y(r,0),l,p),o&&o.some(ee)),l&&D!="textarea"||(u="value",D=="progress"&&k==null?e.removeAttribute(u):k==null||k===e[u]&&(D!="progress"||k)||ue(e,u,k,S[u],a),u="checked",v!=null&&v!=e[u]&&ue(e,u,v,S[u],a))}else S===M||l&&e.data==M||(e.data=M);return e}function De(e,n,r,i){try{typeof e=="function"?n?n.__x=e(n)||1:i&&(i=i.__c||i.__e)&&(n=i.__x)&&(i.__x=null,typeof n=="function"?n():e(null)):e.current=n}catch(a){R.__e(a,r)}}function Pe(e,n,r){var i,a,o,s;if(R.unmount&&R.unmount(e),!(i=e.ref)||i.current&&i.current!=e.__e||De(i,null,n,e),i=e.__c){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(l){R.__e(l,n)}i.__P=i.__n=null}if(i=e.__k)for(s=0;s<i.length;s++)i[s]&&Pe(i[s],n,typeof e.type!="function"||r&&!e.props.__P);!r&&(i=e.__c)&&(i=i.__z)&&(a=ye(i,o=[]))&&(i==e.__e&&o.some(ee),ee(a),ee(i)),r||ee(e.__e),e.__e=e.__c=e.__=null}function ur(e,n,r){return this.constructor(e,r)}function et(e,n){var r,i,a,o;R.__&&R.__(e,n),n.nodeType==9&&(n=n.documentElement),i=(r=e&&32&e.__u)?null:n.__k,n.__k=me(h,{children:[e]}),a=[],o=[],Ce(n,n.__k,i||he,he,n.namespaceURI,i?null:n.firstChild?Ke.call(n.childNodes):null,a,i?i.__e:n.firstChild,r,o),Ze(a,n.__k,o),n.__k.props.children=null}function tt(e){function n(r){var i,a;return this.getChildContext||(i=new Set,(a={})[n.__c]=this,this.getChildContext=function(){return a},this.shouldComponentUpdate=function(o){this.props.value!=o.value&&i.forEach(function(s){s.__g|=4,Ie(s)})},this.sub=function(o){i.add(o);var s=o.componentWillUnmount;o.componentWillUnmount=function(){i.delete(o),s&&s.call(o)}}),r.children}return n.__c="__cC"+He++,n.__=e,n.Provider=(n.Consumer=function(r,i){return r.children(i)}).contextType=n,n}R={__e:function(e,n,r,i){for(var a,o,s;n=n.__;)if((a=n.__c)&&!(1&a.__g)){a.__g|=4;try{if((s=(o=a.constructor)&&o.getDerivedStateFromError)&&a.setState(o.getDerivedStateFromError(e)),a.componentDidCatch&&(a.componentDidCatch(e,i||{}),s=1),s&&8&a.__g)return void(a.__g|=2)}catch(l){e=l}}throw be=0,e}},We=0,ir=function(e){return e!=null&&e.constructor===ae},ge.prototype.setState=function(e,n){var r=this.__s;r&&r!=this.state||(r=this.__s=te({},this.state)),typeof e=="function"&&(e=e(te({},r),this.props)),e&&(te(r,e),this.__v&&(n&&this.__k.push(n),Ie(this)))},ge.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),Ie(this))},ge.prototype.render=h,J=[],be=0,je=function(e,n){return e.__v.__b-n.__v.__b},ce=Symbol(),Ge=/(PointerCapture)$|Capture$/i,we=0,$e={},He=0;var ne,P,Te,nt,Le=Object.is,le=0,ut=[],Ve=[],L=R,rt=L.__b,it=L.__r,ot=L.diffed,at=L.__c,st=L.unmount,lt=L.__;function Se(e,n){L.__h&&L.__h(P,e,le||n),le=0;var r=P.__H||(P.__H={__:[],__h:[]});return e>=r.__.length&&r.__.push({}),r.__[e]}function x(e){return le=1,cr(bt,e)}function cr(e,n,r){var i=Se(ne++,2);if(i.t=e,!i.__c&&(i.__=[r?r(n):bt(void 0,n),function(o){var s=(i.__N||i.__)[0],l=i.t(s,o);Le(s,l)||(i.__N=[l,i.__[1]],i.__c.setState({}))}],i.__c=P,!P.__f)){P.__f=!0;var a=P.shouldComponentUpdate;P.shouldComponentUpdate=function(o,s,l){var p=this.__H;if(!p)return!0;var m=!1,u=this.props!=o;if(p.__.some(function(g){g.__N&&(m=!0,Le(g.__[0],g.__N[0])||(u=!0))}),a){var c=a.call(this,o,s,l);return m?c||u:c}return!m||u}}return i.__}function E(e,n){var r=Se(ne++,3);!L.__s&&yt(r.__H,n)&&(r.__P=!0,r.__=e,r.u=n,P.__H.__h.push(r))}function re(e){return le=5,ct(function(){return{current:e}},[])}function ct(e,n){var r=Se(ne++,7);return yt(r.__H,n)&&(r.__=e(),r.__H=n),r.__}function mt(e,n){return le=8,ct(function(){return e},n)}function gt(e){var n=P.context[e.__c],r=Se(ne++,9);return r.c=e,n?(r.__==null&&(r.__=!0,n.sub(P)),n.props.value):e.__}function mr(){var e;do{for(;e=Ve.shift();)try{se(e)}catch(r){L.__e(r,{__:(e=e.__P)&&e.__v})}for(;e=ut.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(se),n.__h.some(Oe),n.__h=[]}catch(r){n.__h=[],L.__e(r,e.__v)}}}while(Ve.length)}L.__b=function(e){P=null,rt&&rt(e)},L.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),lt&&lt(e,n)},L.__r=function(e){it&&it(e),ne=0;var n=(P=e.__c).__H;n&&(Te==P?P.__h=[]:(n.__h.some(se),n.__h.some(Oe),ne=0),n.__h=[],n.__.some(function(r){r.__N&&(r.__=r.__N),r.u=r.__N=void 0})),Te=P},L.diffed=function(e){ot&&ot(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&pt(ut.push(n)),n.__H.__.some(function(r){r.u&&(r.__H=r.u)})),Te=P=null},L.__c=function(e,n){n.some(function(r){try{r.__h.some(se),r.__h=r.__h.filter(function(i){return!i.__||Oe(i)})}catch(i){r.__h=[function(){throw i}]}}),at&&at(e,n)},L.unmount=function(e){st&&st(e);var n,r,i=e.__c;i&&i.__H&&(i.__H.__.some(function(a){try{if(a.__P&&a.__c){if(r===void 0){for(r=e.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}a.__P=r,pt(Ve.push(a))}else se(a)}catch(o){n=o}}),i.__H=void 0,n&&L.__e(n,i.__v))};var dt=typeof requestAnimationFrame=="function";function gr(e){var n,r=function(){clearTimeout(i),dt&&cancelAnimationFrame(n),setTimeout(e)},i=setTimeout(r,35);dt&&(n=requestAnimationFrame(r))}function pt(e){e!=1&&nt==L.requestAnimationFrame||((nt=L.requestAnimationFrame)||gr)(mr)}function se(e){var n=P,r=e.__c;typeof r=="function"&&(e.__c=void 0,r()),P=n}function Oe(e){var n=P;e.__c=e.__(),P=n}function yt(e,n){return!e||e.length!=n.length||n.some(function(r,i){return!Le(r,e[i])})}function bt(e,n){return typeof n=="function"?n(e):n}var ht={name:"AcceptInvitation",kind:"mutation",document:`mutation AcceptInvitation ($org: ID!, $invitation: ID!) {
  joinOrganization(organizationId: $org, inviteId: $invitation) {
    organization
  }
}`},ft={name:"AccountScreen",kind:"query",document:`query AccountScreen {
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
}`},St={name:"AddSectionToGroup",kind:"mutation",document:`mutation AddSectionToGroup ($org: ID!, $site: ID!, $group: ID!, $input: AddSectionToGroupInput!) {
  addSectionToGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, input: $input) {
    id
  }
}`},_t={name:"AddSiteSection",kind:"mutation",document:`mutation AddSiteSection ($org: ID!, $site: ID!, $input: AddSiteSectionInput!) {
  addSiteSection(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},vt={name:"AddSiteSectionGroup",kind:"mutation",document:`mutation AddSiteSectionGroup ($org: ID!, $site: ID!, $input: AddSiteSectionGroupInput!) {
  addSiteSectionGroup(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},kt={name:"AddSiteSpace",kind:"mutation",document:`mutation AddSiteSpace ($org: ID!, $site: ID!, $input: AddSiteSpaceInput!) {
  addSiteSpace(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Rt={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},xt={name:"CollectionScreen",kind:"query",document:`query CollectionScreen ($id: ID!) {
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
}`},$t={name:"CreateCustomField",kind:"mutation",document:`mutation CreateCustomField ($org: ID!, $input: CreateCustomFieldInput!) {
  createCustomField(organizationId: $org, input: $input) {
    id
  }
}`},It={name:"CreatePersonalToken",kind:"mutation",document:`mutation CreatePersonalToken ($input: CreatePersonalTokenInput!) {
  createPersonalToken(input: $input) {
    id
    name
    token
    expiresAt
  }
}`},wt={name:"CreateSAMLProvider",kind:"mutation",document:`mutation CreateSAMLProvider ($org: ID!, $input: CreateSAMLProviderInput!) {
  createSAMLProvider(organizationId: $org, input: $input) {
    id
  }
}`},At={name:"CreateShareLink",kind:"mutation",document:`mutation CreateShareLink ($org: ID!, $site: ID!, $input: CreateShareLinkInput!) {
  createShareLink(organizationId: $org, siteId: $site, input: $input) {
    id
  }
}`},Ct={name:"CreateSite",kind:"mutation",document:`mutation CreateSite ($org: ID!, $input: CreateSiteInput!) {
  createSite(organizationId: $org, input: $input) {
    id
    urls {
      app
    }
  }
}`},Dt={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},Pt={name:"CreateTeam",kind:"mutation",document:`mutation CreateTeam ($org: ID!, $input: CreateTeamInput!) {
  createTeam(organizationId: $org, input: $input) {
    id
  }
}`},Tt={name:"CreateWebhook",kind:"mutation",document:`mutation CreateWebhook ($org: ID!, $input: CreateWebhookInput!) {
  createWebhook(organizationId: $org, input: $input) {
    id
    secret
  }
}`},Lt={name:"CustomFieldsScreen",kind:"query",document:`query CustomFieldsScreen ($org: ID!) {
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
}`},Vt={name:"DeclineInvitation",kind:"mutation",document:`mutation DeclineInvitation ($invitation: ID!) {
  declineInvitation(invitationId: $invitation)
}`},Ot={name:"DeleteCustomField",kind:"mutation",document:`mutation DeleteCustomField ($org: ID!, $name: String!) {
  deleteCustomField(organizationId: $org, name: $name)
}`},Mt={name:"DeleteSAMLProvider",kind:"mutation",document:`mutation DeleteSAMLProvider ($org: ID!, $provider: ID!) {
  deleteSAMLProvider(organizationId: $org, samlProviderId: $provider)
}`},zt={name:"DeleteShareLink",kind:"mutation",document:`mutation DeleteShareLink ($org: ID!, $site: ID!, $link: ID!) {
  deleteShareLink(organizationId: $org, siteId: $site, shareLinkId: $link)
}`},Ut={name:"DeleteSite",kind:"mutation",document:`mutation DeleteSite ($org: ID!, $site: ID!) {
  deleteSite(organizationId: $org, siteId: $site)
}`},Ft={name:"DeleteSiteSection",kind:"mutation",document:`mutation DeleteSiteSection ($org: ID!, $site: ID!, $section: ID!) {
  deleteSiteSection(organizationId: $org, siteId: $site, siteSectionId: $section)
}`},Nt={name:"DeleteSiteSectionGroup",kind:"mutation",document:`mutation DeleteSiteSectionGroup ($org: ID!, $site: ID!, $group: ID!) {
  deleteSiteSectionGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group)
}`},qt={name:"DeleteSiteSpace",kind:"mutation",document:`mutation DeleteSiteSpace ($org: ID!, $site: ID!, $siteSpace: ID!) {
  deleteSiteSpace(organizationId: $org, siteId: $site, siteSpaceId: $siteSpace)
}`},Et={name:"DeleteTeam",kind:"mutation",document:`mutation DeleteTeam ($org: ID!, $team: ID!) {
  deleteTeam(organizationId: $org, teamId: $team)
}`},Wt={name:"DeleteWebhook",kind:"mutation",document:`mutation DeleteWebhook ($org: ID!, $webhook: ID!) {
  deleteWebhook(organizationId: $org, webhookId: $webhook)
}`},jt={name:"InviteUsers",kind:"mutation",document:`mutation InviteUsers ($org: ID!, $input: InviteUsersInput!) {
  inviteUsers(organizationId: $org, input: $input) {
    invited
  }
}`},Gt={name:"MembersScreen",kind:"query",document:`query MembersScreen ($org: ID!) {
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
}`},Ht={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},Kt={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},Bt={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},Qt={name:"PublishSite",kind:"mutation",document:`mutation PublishSite ($org: ID!, $site: ID!) {
  publishSite(organizationId: $org, siteId: $site) {
    id
    published
    urls {
      published
    }
  }
}`},Jt={name:"RedeliverWebhookDelivery",kind:"mutation",document:`mutation RedeliverWebhookDelivery ($org: ID!, $webhook: ID!, $delivery: ID!) {
  redeliverWebhookDelivery(organizationId: $org, webhookId: $webhook, deliveryId: $delivery) {
    id
    status
  }
}`},Yt={name:"RemoveMember",kind:"mutation",document:`mutation RemoveMember ($org: ID!, $user: ID!) {
  removeMember(organizationId: $org, userId: $user)
}`},Xt={name:"RemoveSectionFromGroup",kind:"mutation",document:`mutation RemoveSectionFromGroup ($org: ID!, $site: ID!, $group: ID!, $section: ID!) {
  removeSectionFromGroup(organizationId: $org, siteId: $site, siteSectionGroupId: $group, siteSectionId: $section)
}`},Zt={name:"RemoveTeamMember",kind:"mutation",document:`mutation RemoveTeamMember ($org: ID!, $team: ID!, $user: ID!) {
  removeTeamMember(organizationId: $org, teamId: $team, userId: $user)
}`},en={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},tn={name:"RevokeInvitation",kind:"mutation",document:`mutation RevokeInvitation ($org: ID!, $invitation: ID!) {
  revokeInvitation(organizationId: $org, invitationId: $invitation)
}`},nn={name:"RevokePersonalToken",kind:"mutation",document:`mutation RevokePersonalToken ($id: ID!) {
  revokePersonalToken(id: $id)
}`},rn={name:"SAMLScreen",kind:"query",document:`query SAMLScreen ($org: ID!) {
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
}`},on={name:"SetSiteVisitorKey",kind:"mutation",document:`mutation SetSiteVisitorKey ($org: ID!, $site: ID!, $input: SiteVisitorKeyInput!) {
  setSiteVisitorKey(organizationId: $org, siteId: $site, input: $input) {
    algorithm
    audience
    updatedAt
  }
}`},an={name:"SetTeamMember",kind:"mutation",document:`mutation SetTeamMember ($org: ID!, $team: ID!, $user: ID!, $input: SetTeamMemberInput) {
  setTeamMember(organizationId: $org, teamId: $team, userId: $user, input: $input)
}`},sn={name:"Shell",kind:"query",document:`query Shell ($org: ID!) {
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
}`},ln={name:"SitePublishScreen",kind:"query",document:`query SitePublishScreen ($org: ID!, $site: ID!) {
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
}`},dn={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},pn={name:"SitesScreen",kind:"query",document:`query SitesScreen ($org: ID!) {
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
}`},cn={name:"Start",kind:"query",document:`query Start {
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
}`},mn={name:"TeamsScreen",kind:"query",document:`query TeamsScreen ($org: ID!) {
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
}`},gn={name:"UnpublishSite",kind:"mutation",document:`mutation UnpublishSite ($org: ID!, $site: ID!) {
  unpublishSite(organizationId: $org, siteId: $site) {
    id
    published
  }
}`},yn={name:"UpdateMember",kind:"mutation",document:`mutation UpdateMember ($org: ID!, $user: ID!, $input: UpdateMemberInput!) {
  updateMember(organizationId: $org, userId: $user, input: $input) {
    id
    role
  }
}`},bn={name:"UpdateSAMLProvider",kind:"mutation",document:`mutation UpdateSAMLProvider ($org: ID!, $provider: ID!, $input: UpdateSAMLProviderInput!) {
  updateSAMLProvider(organizationId: $org, samlProviderId: $provider, input: $input) {
    id
    status
  }
}`},hn={name:"UpdateShareLink",kind:"mutation",document:`mutation UpdateShareLink ($org: ID!, $site: ID!, $link: ID!, $input: UpdateShareLinkInput!) {
  updateShareLink(organizationId: $org, siteId: $site, shareLinkId: $link, input: $input) {
    id
    active
  }
}`},fn={name:"UpdateSite",kind:"mutation",document:`mutation UpdateSite ($org: ID!, $site: ID!, $input: UpdateSiteInput!) {
  updateSite(organizationId: $org, siteId: $site, input: $input) {
    id
    title
    visibility
  }
}`},Sn={name:"UpdateSiteCustomization",kind:"mutation",document:`mutation UpdateSiteCustomization ($org: ID!, $site: ID!, $input: JSON!) {
  updateSiteCustomization(organizationId: $org, siteId: $site, input: $input)
}`},_n={name:"UpdateTeamMembers",kind:"mutation",document:`mutation UpdateTeamMembers ($org: ID!, $team: ID!, $input: UpdateTeamMembersInput!) {
  updateTeamMembers(organizationId: $org, teamId: $team, input: $input)
}`},vn={name:"UpdateWebhook",kind:"mutation",document:`mutation UpdateWebhook ($org: ID!, $webhook: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(organizationId: $org, webhookId: $webhook, input: $input) {
    id
    active
  }
}`},kn={name:"WebhookScreen",kind:"query",document:`query WebhookScreen ($org: ID!, $webhook: ID!) {
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
}`},Rn={name:"WebhooksScreen",kind:"query",document:`query WebhooksScreen ($org: ID!) {
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
}`};var z=class extends Error{constructor(r,i=null){super(r.map(a=>a.message).join("; "));this.errors=r;this.data=i}errors;data;code(r){return this.errors.find(i=>i.extensions?.code===r)}forField(r){return this.errors.find(a=>a.extensions?.field===r||a.message.startsWith(r+":"))?.message}};function yr(){for(let e of document.cookie.split(";")){let[n,r]=e.trim().split("=");if(n==="folio_csrf")return decodeURIComponent(r??"")}return""}function br(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new z([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function y(e,n,r){let i;try{i=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":yr()},body:JSON.stringify({query:e.document,operationName:e.name,variables:n}),signal:r})}catch(o){throw o.name==="AbortError"?o:new z([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let a;try{a=await i.json()}catch{throw new z([{message:`The server answered ${i.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(a.errors?.length)throw a.errors.some(o=>o.extensions?.code==="UNAUTHENTICATED")&&br(),new z(a.errors,a.data??null);if(a.data==null)throw new z([{message:`The server answered ${i.status} without data.`}]);return a.data}var hr=Symbol.for("pv"),fr=0;function t(e,n,r,i,a,o){n||(n={});var s,l,p=n;if("ref"in p&&typeof e!="function")for(l in p={},n)l=="ref"?s=n[l]:p[l]=n[l];var m={type:e,props:p,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:hr,__v:--fr,__i:-1,__u:0};return(a||o)&&(m.__source=a,m.__self=o),R.vnode&&R.vnode(m),m}function f(e,n,r=!1){let i=JSON.stringify(n),[a,o]=x(null),[s,l]=x(null),[p,m]=x(!r),u=re(null),c=mt(async()=>{u.current?.abort();let g=new AbortController;u.current=g,m(!0);try{let d=await y(e,JSON.parse(i),g.signal);if(g.signal.aborted)return;o(d),l(null)}catch(d){if(g.signal.aborted)return;l(d instanceof z?d:new z([{message:String(d)}]))}finally{g.signal.aborted||m(!1)}},[e,i]);return E(()=>{if(!r)return o(null),c(),()=>u.current?.abort()},[c,r]),{data:a,error:s,loading:p,reload:c}}function T({error:e,onRetry:n}){return e?t("div",{class:"notice error",role:"alert",children:[t("p",{children:e.message}),n&&t("button",{type:"button",onClick:n,children:"Try again"})]}):null}function _({q:e,children:n}){return e.error&&!e.data?t(T,{error:e.error,onRetry:e.reload}):e.data?t(h,{children:n(e.data)}):t("p",{class:"muted",role:"status",children:"Loading…"})}var O="([^/]+)",Sr=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${O}/?$`),e=>({kind:"org",org:e[1]})],[new RegExp(`^/app/o/${O}/c/${O}/?$`),e=>({kind:"collection",org:e[1],id:e[2]})],[new RegExp(`^/app/o/${O}/s/${O}(?:/page/${O})?/?$`),e=>({kind:"space",org:e[1],space:e[2],page:e[3]})],[new RegExp(`^/app/o/${O}/s/${O}/revisions/${O}(?:/page/${O})?/?$`),e=>({kind:"revision",org:e[1],space:e[2],revision:e[3],page:e[4]})],[new RegExp(`^/app/o/${O}/s/${O}/change-requests/${O}(?:/page/${O})?/?$`),e=>({kind:"changeRequest",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${O}/sites/${O}(/preview)?/?$`),e=>({kind:"site",org:e[1],site:e[2],preview:!!e[3]})],[new RegExp(`^/app/o/${O}/openapi/${O}/?$`),e=>({kind:"openapi",org:e[1],slug:e[2]})],[new RegExp(`^/app/o/${O}/((?:sites|admin|account)(?:/[^/]+)*)/?$`),e=>({kind:"manage",org:e[1],rest:e[2]})]];function xn(e){for(let[n,r]of Sr){let i=n.exec(e);if(i)return r(i.map(a=>a===void 0?a:decodeURIComponent(a)))}return{kind:"notFound",path:e}}var V=encodeURIComponent,w={org:e=>`/app/o/${V(e)}`,collection:(e,n)=>`/app/o/${V(e)}/c/${V(n)}`,space:(e,n)=>`/app/o/${V(e)}/s/${V(n)}`,page:(e,n,r)=>`/app/o/${V(e)}/s/${V(n)}/page/${V(r)}`,revision:(e,n,r,i)=>`/app/o/${V(e)}/s/${V(n)}/revisions/${V(r)}`+(i?`/page/${V(i)}`:""),changeRequest:(e,n,r,i)=>`/app/o/${V(e)}/s/${V(n)}/change-requests/${V(String(r))}`+(i?`/page/${V(i)}`:""),site:(e,n)=>`/app/o/${V(e)}/sites/${V(n)}`,openapi:(e,n)=>`/app/o/${V(e)}/openapi/${V(n)}`};function B(e){try{let n=new URL(e,location.href);return n.pathname+n.hash}catch{return e}}var _e=new Set;function N(e,n=!1){n?history.replaceState(null,"",e):history.pushState(null,"",e),_e.forEach(r=>r()),n||window.scrollTo(0,0)}function $n(){document.addEventListener("click",e=>{if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;let n=e.target?.closest?.("a");if(!n||n.target||n.hasAttribute("download"))return;let r=new URL(n.href,location.href);r.origin!==location.origin||!r.pathname.startsWith("/app")||(e.preventDefault(),N(r.pathname+r.search+r.hash))}),window.addEventListener("popstate",()=>_e.forEach(e=>e()))}function In(){let[e,n]=x(()=>xn(location.pathname));return E(()=>{let r=()=>n(xn(location.pathname));return _e.add(r),()=>{_e.delete(r)}},[]),e}var wn=e=>`folio.recent.${e}`;function Me(e){try{let n=JSON.parse(localStorage.getItem(wn(e))??"[]");return Array.isArray(n)?n.filter(r=>r&&typeof r.id=="string").slice(0,5):[]}catch{return[]}}function An(e,n){let r=[n,...Me(e).filter(i=>i.id!==n.id)].slice(0,5);try{localStorage.setItem(wn(e),JSON.stringify(r))}catch{}}function Cn({org:e,onClose:n}){let r=re(null),[i,a]=x(""),[o,s]=x(null),[l,p]=x(null);E(()=>{r.current?.showModal()},[]),E(()=>{let c=i.trim();if(!c){s(null);return}let g=new AbortController,d=setTimeout(async()=>{try{let b=await y(Bt,{org:e,query:c},g.signal);s(b.organization?.search.items??[]),p(null)}catch(b){g.signal.aborted||p(b instanceof z?b.message:String(b))}},150);return()=>{clearTimeout(d),g.abort()}},[i,e]);let m=c=>{n(),N(B(c))},u=o?.flatMap(c=>c.pages)[0];return t("dialog",{ref:r,class:"search","aria-labelledby":"search-h",onClose:n,onCancel:n,children:[t("form",{method:"dialog",role:"search",onSubmit:c=>{c.preventDefault(),u&&m(u.urls.app)},children:[t("h2",{id:"search-h",children:"Search"}),t("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),t("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:i,autoComplete:"off",onInput:c=>a(c.target.value)}),t("button",{type:"button",class:"close",onClick:n,children:"Close"})]}),l&&t("p",{class:"notice error",role:"alert",children:l}),t("div",{"aria-live":"polite",children:[o&&o.length===0&&t("p",{class:"muted",children:["Nothing matches “",i.trim(),"”."]}),o?.map(c=>t("section",{class:"results",children:[t("h3",{children:c.title}),t("ul",{children:c.pages.map(g=>t("li",{children:[t("a",{href:B(g.urls.app),onClick:d=>{d.preventDefault(),m(g.urls.app)},children:g.title||g.path}),g.sections.length>0&&t("ul",{children:g.sections.slice(0,3).map(d=>t("li",{children:t("a",{href:B(d.urls.app),onClick:b=>{b.preventDefault(),m(d.urls.app)},children:d.title})},d.id))})]},g.id))})]},c.id))]})]})}function Dn(e){return e instanceof z?e:new z([{message:String(e?.message??e)}])}function ze(e){return typeof e.extensions?.field=="string"?e.extensions.field:/^([A-Za-z][\w.]*): /.exec(e.message)?.[1]}function A(e){let[n,r]=x(e.initial),[i,a]=x(!1),[o,s]=x(null),[l,p]=x(""),m=re(e);m.current=e;let u=d=>m.current.api?.[d]??d,c=d=>{if(d)for(let b of Object.keys(m.current.initial)){let k=u(b);if(d===k||d.startsWith(k+".")||d.startsWith(k+"["))return b}};return{id:e.id,values:n,busy:i,error:o,done:l,set(d,b){r(k=>({...k,[d]:b})),p("")},fieldError(d){return o?.errors.find(b=>c(ze(b))===d)?.message},formErrors(){return(o?.errors??[]).filter(d=>!c(ze(d))).map(d=>d.message)},onSubmit(d){if(d.preventDefault(),i)return;a(!0),p("");let b=n;m.current.submit(b).then(k=>{s(null),p(typeof k=="string"?k:""),m.current.reset&&r(m.current.initial)}).catch(k=>{let v=Dn(k);s(v);let I=v.errors.map(S=>c(ze(S))).find(Boolean);I&&setTimeout(()=>document.getElementById(`${m.current.id}-${I}`)?.focus(),0)}).finally(()=>a(!1))}}}function $({form:e,name:n,label:r,hint:i,type:a="text",autoComplete:o}){let s=`${e.id}-${n}`,l=e.fieldError(n),p=[i?`${s}-hint`:"",`${s}-error`].filter(Boolean).join(" ");return t("div",{class:"field",children:[t("label",{for:s,children:r}),t("input",{type:a,autoComplete:o,id:s,name:n,value:String(e.values[n]??""),"aria-invalid":l?!0:void 0,"aria-describedby":p,onInput:m=>e.set(n,m.target.value)}),i&&t("small",{id:`${s}-hint`,class:"muted",children:i}),t("span",{id:`${s}-error`,class:"field-error",children:l??""})]})}function ie({form:e,name:n,label:r,hint:i,rows:a=4}){let o=`${e.id}-${n}`,s=e.fieldError(n),l=[i?`${o}-hint`:"",`${o}-error`].filter(Boolean).join(" ");return t("div",{class:"field",children:[t("label",{for:o,children:r}),t("textarea",{id:o,name:n,rows:a,value:String(e.values[n]??""),"aria-invalid":s?!0:void 0,"aria-describedby":l,onInput:p=>e.set(n,p.target.value)}),i&&t("small",{id:`${o}-hint`,class:"muted",children:i}),t("span",{id:`${o}-error`,class:"field-error",children:s??""})]})}function U({form:e,name:n,label:r,options:i}){let a=`${e.id}-${n}`,o=e.fieldError(n);return t("div",{class:"field",children:[t("label",{for:a,children:r}),t("select",{id:a,name:n,value:String(e.values[n]??""),"aria-invalid":o?!0:void 0,"aria-describedby":`${a}-error`,onChange:s=>e.set(n,s.target.value),children:i.map(([s,l])=>t("option",{value:s,children:l},s))}),t("span",{id:`${a}-error`,class:"field-error",children:o??""})]})}function ve({form:e,name:n,label:r}){let i=`${e.id}-${n}`,a=e.fieldError(n);return t("div",{class:"field check",children:[t("input",{type:"checkbox",id:i,name:n,checked:!!e.values[n],"aria-describedby":`${i}-error`,onChange:o=>e.set(n,o.target.checked)}),t("label",{for:i,children:r}),t("span",{id:`${i}-error`,class:"field-error",children:a??""})]})}function C({form:e,submit:n,children:r,label:i}){let a=e.formErrors();return t("form",{class:"api-form",onSubmit:e.onSubmit,"aria-label":i,noValidate:!0,children:[r,a.length>0&&t("div",{class:"notice error",role:"alert",children:a.map((o,s)=>t("p",{children:o},s))}),t("button",{type:"submit",class:"primary",disabled:e.busy,children:n}),t("span",{role:"status",class:"muted",children:e.done})]})}function F(){let[e,n]=x(!1),[r,i]=x(null);return{busy:e,error:r,run:async o=>{n(!0);try{await o(),i(null)}catch(s){i(Dn(s))}finally{n(!1)}}}}var Ue=[["public","Public: anyone, indexed by search engines"],["unlisted","Unlisted: anyone with the address"],["share-link","Share links: holders of a link"],["visitor-auth","Visitor authentication: holders of a signed token"]];function ke({org:e,site:n}){let r=f(ln,{org:e,site:n});return t(_,{q:r,children:i=>t(_r,{org:e,s:i.organization.site,spaces:i.organization.spaces.items,reload:r.reload})})}function Pn(e){return[["","Choose a space"],...e.map(n=>[n.id,n.title||"Untitled space"])]}function _r({org:e,s:n,spaces:r,reload:i}){let a=F(),o={org:e,site:n.id},s=A({id:"site-settings",initial:{title:n.title,visibility:n.visibility},submit:async p=>(await y(fn,{...o,input:{title:p.title,visibility:p.visibility}}),await i(),"Saved.")}),l=n.siteSpaceList.items.filter(p=>!p.section);return t(h,{children:[t("h1",{children:n.title}),t("p",{class:"lead",children:[t("span",{class:"badge","data-testid":"site-state",children:n.published?"Published":"Not published"})," ",n.published&&n.urls.published&&t("a",{href:n.urls.published,"data-testid":"open-site",children:"Open the published site"})]}),t(T,{error:a.error}),t("p",{class:"actions",children:[n.published?t("button",{type:"button",disabled:a.busy,onClick:()=>a.run(async()=>(await y(gn,o),i())),children:"Unpublish"}):t("button",{type:"button",class:"primary",disabled:a.busy,onClick:()=>a.run(async()=>(await y(Qt,o),i())),children:"Publish"}),t("a",{href:n.urls.preview,children:"Preview"})]}),t("section",{"aria-labelledby":"settings-h",children:[t("h2",{id:"settings-h",children:"Settings"}),t(C,{form:s,submit:"Save settings",label:"Site settings",children:[t($,{form:s,name:"title",label:"Title",hint:"2 to 128 characters."}),t(U,{form:s,name:"visibility",label:"Who reads it",options:Ue})]})]}),t("section",{"aria-labelledby":"spaces-h",children:[t("h2",{id:"spaces-h",children:"Spaces"}),n.sections.items.length>0?t("p",{class:"muted",children:"The site has sections: add spaces to a section below."}):t(h,{children:[t(Tn,{org:e,site:n.id,items:l,reload:i}),t(Ln,{org:e,site:n.id,spaces:r,reload:i})]})]}),n.permissions.admin&&t($r,{org:e,s:n,reload:i}),t(vr,{org:e,s:n,spaces:r,reload:i}),t(kr,{org:e,s:n,reload:i}),(n.visibility==="share-link"||n.shareLinks.items.length>0)&&t(Rr,{org:e,s:n,reload:i}),(n.visibility==="visitor-auth"||n.visitorKey)&&n.permissions.admin&&t(xr,{org:e,s:n,reload:i}),t("section",{"aria-labelledby":"danger-h",children:[t("h2",{id:"danger-h",children:"Delete"}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>{await y(Ut,o),N(q.sites(e))}),children:["Delete the site ",n.title]})]})]})}function Tn({org:e,site:n,items:r,reload:i}){let a=F();return t(h,{children:[t(T,{error:a.error}),t("ul",{class:"rows",children:r.map(o=>t("li",{children:[t("span",{children:[o.space.title||o.title," ",t("span",{class:"muted",children:["· /",o.path]})]}),t("button",{type:"button",disabled:a.busy,"aria-label":`Remove ${o.space.title||o.title} from the site`,onClick:()=>a.run(async()=>(await y(qt,{org:e,site:n,siteSpace:o.id}),i())),children:"Remove"})]},o.id))})]})}function Ln({org:e,site:n,section:r,spaces:i,reload:a}){let o=A({id:`add-space-${r??"root"}`,initial:{spaceId:""},reset:!0,submit:async s=>{await y(kt,{org:e,site:n,input:{spaceId:s.spaceId,sectionId:r??null}}),await a()}});return t(C,{form:o,submit:"Add space",label:r?"Add a space to this section":"Add a space to the site",children:t(U,{form:o,name:"spaceId",label:"Space",options:Pn(i)})})}function vr({org:e,s:n,spaces:r,reload:i}){let a=F(),o=A({id:"new-section",initial:{title:"",spaceId:""},reset:!0,submit:async s=>{await y(_t,{org:e,site:n.id,input:{spaceId:s.spaceId,title:s.title||null}}),await i()}});return t("section",{"aria-labelledby":"sections-h",children:[t("h2",{id:"sections-h",children:"Sections"}),t(T,{error:a.error}),n.sections.items.map(s=>t("div",{class:"card",children:[t("h3",{children:[s.title," ",t("span",{class:"muted",children:["· /",s.path]}),s.default?t("span",{class:"badge",children:"default"}):null]}),t(Tn,{org:e,site:n.id,items:s.siteSpaces,reload:i}),t(Ln,{org:e,site:n.id,section:s.id,spaces:r,reload:i}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>(await y(Ft,{org:e,site:n.id,section:s.id}),i())),children:["Delete section ",s.title]})]},s.id)),t("h3",{children:"New section"}),t(C,{form:o,submit:"Add section",label:"New section",children:[t($,{form:o,name:"title",label:"Title",hint:"2 to 64 characters; the space's title when empty."}),t(U,{form:o,name:"spaceId",label:"First space",options:Pn(r)})]})]})}function kr({org:e,s:n,reload:r}){let i=F(),a=A({id:"new-group",initial:{title:""},reset:!0,submit:async s=>{await y(vt,{org:e,site:n.id,input:{title:s.title}}),await r()}});if(n.sections.items.length===0&&n.sectionGroups.items.length===0)return null;let o=n.sections.items.filter(s=>!s.sectionGroup);return t("section",{"aria-labelledby":"groups-h",children:[t("h2",{id:"groups-h",children:"Section groups"}),t(T,{error:i.error}),n.sectionGroups.items.map(s=>t("div",{class:"card",children:[t("h3",{children:s.title}),t("ul",{class:"rows",children:s.sections.map(l=>t("li",{children:[t("span",{children:l.title}),t("button",{type:"button",disabled:i.busy,"aria-label":`Take ${l.title} out of ${s.title}`,onClick:()=>i.run(async()=>(await y(Xt,{org:e,site:n.id,group:s.id,section:l.id}),r())),children:"Take out"})]},l.id))}),o.length>0&&t("p",{class:"actions",children:o.map(l=>t("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await y(St,{org:e,site:n.id,group:s.id,input:{sectionId:l.id}}),r())),children:["Put ",l.title," in ",s.title]},l.id))}),t("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>(await y(Nt,{org:e,site:n.id,group:s.id}),r())),children:["Delete group ",s.title]})]},s.id)),t(C,{form:a,submit:"Add group",label:"New section group",children:t($,{form:a,name:"title",label:"Group title",hint:"1 to 100 characters."})})]})}function Rr({org:e,s:n,reload:r}){let i=F(),a=A({id:"new-share-link",initial:{name:""},reset:!0,submit:async o=>{await y(At,{org:e,site:n.id,input:{name:o.name}}),await r()}});return t("section",{"aria-labelledby":"links-h",children:[t("h2",{id:"links-h",children:"Share links"}),t(T,{error:i.error}),t("ul",{class:"rows",children:n.shareLinks.items.map(o=>t("li",{children:[t("span",{children:[t("strong",{children:o.name||"Unnamed link"})," ",o.active?"":t("span",{class:"muted",children:"(deactivated)"}),o.urls.published&&t(h,{children:[" ",t("code",{class:"secret",children:o.urls.published})]})]}),t("span",{class:"actions",children:[t("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await y(hn,{org:e,site:n.id,link:o.id,input:{active:!o.active}}),r())),children:[o.active?"Deactivate":"Activate"," ",t("span",{class:"visually-hidden",children:o.name})]}),t("button",{type:"button",disabled:i.busy,"aria-label":`Delete the share link ${o.name??""}`,onClick:()=>i.run(async()=>(await y(zt,{org:e,site:n.id,link:o.id}),r())),children:"Delete"})]})]},o.id))}),t(C,{form:a,submit:"Create share link",label:"New share link",children:t($,{form:a,name:"name",label:"Name",hint:"Who it is for, at most 50 characters."})})]})}function xr({org:e,s:n,reload:r}){let i=A({id:"visitor-key",initial:{algorithm:"HS256",key:"",audience:""},reset:!0,submit:async a=>(await y(on,{org:e,site:n.id,input:{algorithm:a.algorithm,key:a.key,audience:a.audience||null}}),await r(),"Key set.")});return t("section",{"aria-labelledby":"vk-h",children:[t("h2",{id:"vk-h",children:"Visitor authentication key"}),t("p",{"data-testid":"visitor-key",children:n.visitorKey?`A ${n.visitorKey.algorithm} key is set (${j(n.visitorKey.updatedAt)})${n.visitorKey.audience?`, audience ${n.visitorKey.audience}`:""}.`:"No key is set: visitors cannot read the site until one is."}),t(C,{form:i,submit:n.visitorKey?"Replace key":"Set key",label:"Visitor key",children:[t(U,{form:i,name:"algorithm",label:"Algorithm",options:[["HS256","HS256 (shared secret, 32 bytes or more)"],["RS256","RS256 (RSA public key, PEM)"]]}),t(ie,{form:i,name:"key",label:"Key",hint:"Never shown again.",rows:3}),t($,{form:i,name:"audience",label:"Audience (optional)"})]})]})}function $r({org:e,s:n,reload:r}){let i=n.customization??{},a=A({id:"customization",initial:{theme:i.styling?.theme??"clean",primaryColor:i.styling?.primaryColor?.light??"#346DDB"},api:{primaryColor:"styling"},submit:async o=>{let s={...i,styling:{...i.styling,theme:o.theme,primaryColor:{light:o.primaryColor,dark:o.primaryColor}}};return await y(Sn,{org:e,site:n.id,input:s}),await r(),"Saved."}});return t("section",{"aria-labelledby":"custom-h",children:[t("h2",{id:"custom-h",children:"Look"}),t(C,{form:a,submit:"Save look",label:"Site customization",children:[t(U,{form:a,name:"theme",label:"Theme",options:[["clean","Clean"],["muted","Muted"],["bold","Bold"],["gradient","Gradient"]]}),t($,{form:a,name:"primaryColor",label:"Primary colour",hint:"A hex colour such as #346DDB, for light and dark."})]})]})}function Vn({org:e}){let n=f(pn,{org:e}),r=A({id:"new-site",initial:{title:"",visibility:"public",space:""},api:{space:"spaces"},submit:async i=>{let a=await y(Ct,{org:e,input:{title:i.title,visibility:i.visibility,spaces:i.space?[i.space]:null}});N(B(a.createSite.urls.app))}});return t(_,{q:n,children:i=>t(h,{children:[t("h1",{children:["Sites (",i.organization.sites.count,")"]}),t("ul",{class:"rows",children:i.organization.sites.items.map(a=>t("li",{children:[t("span",{children:[t("a",{href:q.site(e,a.id),children:a.title}),t("span",{class:"muted",children:[" ","· ",a.published?"published":"not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]})]}),a.urls.published&&t("a",{href:a.urls.published,children:"Open"})]},a.id))}),i.organization.permissions.createContent&&t(h,{children:[t("h2",{children:"New site"}),t(C,{form:r,submit:"Create site",label:"New site",children:[t($,{form:r,name:"title",label:"Title",hint:"2 to 128 characters."}),t(U,{form:r,name:"visibility",label:"Who reads it",options:Ue}),t(U,{form:r,name:"space",label:"First space",options:[["","None yet"],...i.organization.spaces.items.map(a=>[a.id,a.title||"Untitled space"])]})]})]})]})})}function On(){let e=f(ft,{}),[n,r]=x(null),i=F(),a=A({id:"new-token",initial:{name:"",expiresAt:"",readOnly:!1},reset:!0,submit:async o=>{let s=o.expiresAt?new Date(o.expiresAt+"T23:59:59Z").toISOString():null,l=await y(It,{input:{name:o.name,expiresAt:s,readOnly:o.readOnly}});return r({name:l.createPersonalToken.name,token:l.createPersonalToken.token}),await e.reload(),`Token ${l.createPersonalToken.name} created.`}});return t(_,{q:e,children:o=>t(h,{children:[t("h1",{children:"Your account"}),t("p",{class:"muted",children:["Signed in as ",o.viewer.displayName," (",o.viewer.email,")."]}),t(T,{error:i.error}),t("section",{"aria-labelledby":"inv-h",children:[t("h2",{id:"inv-h",children:["Invitations (",o.invitations.count,")"]}),o.invitations.items.length===0?t("p",{class:"muted",children:"No pending invitations."}):t("ul",{class:"rows",children:o.invitations.items.map(s=>t("li",{children:[t("span",{children:[t("strong",{children:s.organization.title})," invites you as ",s.role??"guest",s.invitedBy?` (from ${s.invitedBy.displayName})`:""]}),t("span",{class:"actions",children:[t("button",{type:"button",disabled:i.busy,"aria-label":`Accept the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>{let l=await y(ht,{org:s.organization.id,invitation:s.id});N(w.org(l.joinOrganization.organization))}),children:"Accept"}),t("button",{type:"button",disabled:i.busy,"aria-label":`Decline the invitation to ${s.organization.title}`,onClick:()=>i.run(async()=>(await y(Vt,{invitation:s.id}),e.reload())),children:"Decline"})]})]},s.id))})]}),t("section",{"aria-labelledby":"tokens-h",children:[t("h2",{id:"tokens-h",children:["Personal API tokens (",o.personalTokens.count,")"]}),t("p",{class:"muted",children:["Send a token as ",t("code",{children:"Authorization: Bearer <token>"})," to the REST API (/v1) or GraphQL (/graphql)."]}),n&&t("div",{class:"notice",role:"status",children:[t("p",{children:["The secret of ",t("strong",{children:n.name}),", shown this once: copy it now."]}),t("p",{children:t("code",{class:"secret","data-testid":"token-secret",children:n.token})}),t("button",{type:"button",onClick:()=>r(null),children:"Done"})]}),t("ul",{class:"rows",children:o.personalTokens.items.map(s=>t("li",{children:[t("span",{children:[t("strong",{children:s.commandLine?"(folio token create)":s.name}),s.readOnly?" · read-only":"",s.expired?" · expired":s.expiresAt?` · expires ${j(s.expiresAt)}`:" · never expires",t("span",{class:"muted",children:[" · last used ",s.lastUsedAt?j(s.lastUsedAt):"never"]})]}),t("button",{type:"button",disabled:i.busy,"aria-label":`Revoke ${s.name||"command-line token"}`,onClick:()=>i.run(async()=>(await y(nn,{id:s.id}),e.reload())),children:"Revoke"})]},s.id))}),t("h3",{children:"New token"}),t(C,{form:a,submit:"Create token",label:"New personal API token",children:[t($,{form:a,name:"name",label:"Name",hint:"What the token is for, 1 to 100 characters."}),t($,{form:a,name:"expiresAt",label:"Expires on (optional)",type:"date"}),t(ve,{form:a,name:"readOnly",label:"Read-only"})]})]})]})})}var Ir=[["text","Text"],["number","Number"],["boolean","Yes or no"],["single-select","One of a list"],["multi-select","Several of a list"],["tags","Tags"]];function Mn({org:e}){let n=f(Lt,{org:e}),r=F(),i=A({id:"new-field",initial:{name:"",title:"",type:"text",description:"",options:""},reset:!0,submit:async a=>{let o=a.options.split(",").map(s=>s.trim()).filter(Boolean);return await y($t,{org:e,input:{name:a.name,title:a.title||null,type:a.type,description:a.description||null,options:o.length?o:null}}),await n.reload(),`Field ${a.name} created.`}});return t(h,{children:[t(G,{org:e,current:"custom-fields"}),t(_,{q:n,children:a=>t(h,{children:[t("h1",{children:["Custom fields (",a.organization.customFields.count,")"]}),t(T,{error:r.error}),t("ul",{class:"rows",children:a.organization.customFields.items.map(o=>t("li",{children:[t("span",{children:[t("strong",{children:o.title||o.name})," ",t("code",{children:o.name})," ",t("span",{class:"muted",children:["· ",o.type]}),o.options?.length?t("span",{class:"muted",children:[" · ",o.options.join(", ")]}):null]}),t("button",{type:"button",disabled:r.busy,"aria-label":`Delete the field ${o.name}`,onClick:()=>r.run(async()=>(await y(Ot,{org:e,name:o.name}),n.reload())),children:"Delete"})]},o.id))}),t("h2",{children:"New field"}),t(C,{form:i,submit:"Create field",label:"New custom field",children:[t($,{form:i,name:"name",label:"Name",hint:"Lower-case letters, digits, '_' and '-'; at most 50."}),t($,{form:i,name:"title",label:"Title (optional)"}),t(U,{form:i,name:"type",label:"Type",options:Ir}),t($,{form:i,name:"description",label:"Description (optional)"}),t($,{form:i,name:"options",label:"Options",hint:"For a list: its options, separated by commas."})]})]})})]})}var zn=e=>e||null;function Un({org:e}){let n=f(Gt,{org:e}),r=F(),i=A({id:"invite",initial:{emails:"",role:"read"},reset:!0,submit:async a=>{let o=a.emails.split(/[\s,;]+/).map(l=>l.trim()).filter(Boolean),s=await y(jt,{org:e,input:{emails:o,role:zn(a.role)}});return await n.reload(),`${s.inviteUsers.invited} invited.`}});return t(h,{children:[t(G,{org:e,current:"members"}),t(_,{q:n,children:a=>t(h,{children:[t("h1",{children:["Members of ",a.organization.title]}),t(T,{error:r.error}),t("section",{"aria-labelledby":"members-h",children:[t("h2",{id:"members-h",children:["Members (",a.organization.members.count,")"]}),t("ul",{class:"rows",children:a.organization.members.items.map(o=>t("li",{children:[t("span",{children:[t("strong",{children:o.user.displayName})," ",t("span",{class:"muted",children:o.user.email}),o.disabled?" · disabled":"",t("span",{class:"muted",children:[" · joined ",j(o.joinedAt)]})]}),t("span",{class:"actions",children:[t("label",{class:"visually-hidden",for:`role-${o.id}`,children:["Role of ",o.user.displayName]}),t("select",{id:`role-${o.id}`,value:o.role??"",disabled:r.busy,onChange:s=>{let l=s.target.value;r.run(async()=>(await y(yn,{org:e,user:o.user.id,input:{role:zn(l)}}),n.reload()))},children:de.map(([s,l])=>t("option",{value:s,children:l},s))}),t("button",{type:"button",disabled:r.busy,"aria-label":`Remove ${o.user.displayName}`,onClick:()=>r.run(async()=>(await y(Yt,{org:e,user:o.user.id}),n.reload())),children:"Remove"})]})]},o.id))})]}),t("section",{"aria-labelledby":"invitations-h",children:[t("h2",{id:"invitations-h",children:["Pending invitations (",a.organization.invitations.count,")"]}),t("ul",{class:"rows","data-testid":"invitations",children:a.organization.invitations.items.map(o=>t("li",{children:[t("span",{children:[o.email," ",t("span",{class:"muted",children:["· ",o.role??"guest"," · invited ",j(o.createdAt)]})]}),t("button",{type:"button",disabled:r.busy,"aria-label":`Revoke the invitation of ${o.email}`,onClick:()=>r.run(async()=>(await y(tn,{org:e,invitation:o.id}),n.reload())),children:"Revoke"})]},o.id))}),t("h3",{children:"Invite"}),t(C,{form:i,submit:"Send invitations",label:"Invite by e-mail",children:[t(ie,{form:i,name:"emails",label:"E-mail addresses",hint:"One or more, separated by spaces, commas or lines (at most 100).",rows:3}),t(U,{form:i,name:"role",label:"Role",options:de})]})]})]})})]})}function Fn({org:e}){let n=f(rn,{org:e}),r=A({id:"new-saml",initial:{label:""},reset:!0,submit:async i=>(await y(wt,{org:e,input:{label:i.label}}),await n.reload(),`Provider ${i.label} added: fill in its identity provider's settings below.`)});return t(h,{children:[t(G,{org:e,current:"saml"}),t(_,{q:n,children:i=>t(h,{children:[t("h1",{children:"SAML single sign-on"}),i.organization.samlProviders.items.map(a=>t(wr,{org:e,p:a,teams:i.organization.teams.items,reload:n.reload},a.id)),t("h2",{children:"Add a provider"}),t(C,{form:r,submit:"Add provider",label:"New SAML provider",children:t($,{form:r,name:"label",label:"Label",hint:"The name members see, 1 to 30 characters."})})]})})]})}function wr({org:e,p:n,teams:r,reload:i}){let a=F(),o=A({id:`saml-${n.id}`,initial:{label:n.label,ssoURL:n.ssoURL??"",entityID:n.entityID,certificate:n.certificate,defaultRole:n.defaultRole??"",defaultTeam:n.defaultTeam?.id??"",idpInitiated:n.idpInitiated},submit:async s=>(await y(bn,{org:e,provider:n.id,input:{label:s.label,ssoURL:s.ssoURL||null,entityID:s.entityID,certificate:s.certificate,defaultRole:s.defaultRole?s.defaultRole:null,defaultTeam:s.defaultTeam||null,idpInitiated:s.idpInitiated}}),await i(),"Saved.")});return t("section",{class:"card","aria-labelledby":`saml-${n.id}-h`,children:[t("h2",{id:`saml-${n.id}-h`,children:[n.label," ",t("span",{class:"badge",children:n.status})]}),t("dl",{class:"pairs",children:[t("dt",{children:"ACS URL"}),t("dd",{children:t("code",{children:n.service.acsURL})}),t("dt",{children:"Entity id (metadata)"}),t("dd",{children:t("code",{children:n.service.entityID})}),t("dt",{children:"Sign-in starts at"}),t("dd",{children:t("code",{children:n.service.startURL})})]}),t(C,{form:o,submit:"Save provider",label:`Settings of ${n.label}`,children:[t($,{form:o,name:"label",label:"Label"}),t($,{form:o,name:"ssoURL",label:"Identity provider's sign-in URL",type:"url"}),t($,{form:o,name:"entityID",label:"Identity provider's entity id"}),t(ie,{form:o,name:"certificate",label:"Signing certificate (PEM)",rows:4}),t(U,{form:o,name:"defaultRole",label:"Role of new members",options:de}),t(U,{form:o,name:"defaultTeam",label:"Team of new members",options:[["","None"],...r.map(s=>[s.id,s.title])]}),t(ve,{form:o,name:"idpInitiated",label:"Accept sign-ins started at the identity provider"})]}),t(T,{error:a.error}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>(await y(Mt,{org:e,provider:n.id}),i())),children:["Delete provider ",n.label]})]})}function Nn({org:e}){let n=f(mn,{org:e}),r=A({id:"new-team",initial:{title:""},reset:!0,submit:async i=>(await y(Pt,{org:e,input:{title:i.title}}),await n.reload(),`Team ${i.title} created.`)});return t(h,{children:[t(G,{org:e,current:"teams"}),t(_,{q:n,children:i=>t(h,{children:[t("h1",{children:["Teams (",i.organization.teams.count,")"]}),i.organization.teams.items.map(a=>t(Ar,{org:e,team:a,members:i.organization.members.items,reload:n.reload},a.id)),t("h2",{children:"New team"}),t(C,{form:r,submit:"Create team",label:"New team",children:t($,{form:r,name:"title",label:"Title"})})]})})]})}function Ar({org:e,team:n,members:r,reload:i}){let a=F(),o=new Set(n.teamMembers.items.map(p=>p.organization.user.id)),s=r.filter(p=>!o.has(p.user.id)),l=A({id:`add-${n.id}`,initial:{member:""},reset:!0,api:{member:"add"},submit:async p=>{await y(_n,{org:e,team:n.id,input:{add:[p.member]}}),await i()}});return t("section",{class:"card","aria-labelledby":`team-${n.id}`,children:[t("h2",{id:`team-${n.id}`,children:[n.title," ",t("span",{class:"muted",children:["(",n.members," members)"]})]}),t(T,{error:a.error}),t("ul",{class:"rows",children:n.teamMembers.items.map(p=>t("li",{children:[t("span",{children:[p.organization.user.displayName," ",t("span",{class:"muted",children:["· ",p.team.role]})]}),t("span",{class:"actions",children:[p.team.role!=="owner"&&t("button",{type:"button",disabled:a.busy,"aria-label":`Make ${p.organization.user.displayName} owner of ${n.title}`,onClick:()=>a.run(async()=>(await y(an,{org:e,team:n.id,user:p.organization.user.id,input:{role:"owner"}}),i())),children:"Make owner"}),t("button",{type:"button",disabled:a.busy,"aria-label":`Remove ${p.organization.user.displayName} from ${n.title}`,onClick:()=>a.run(async()=>(await y(Zt,{org:e,team:n.id,user:p.organization.user.id}),i())),children:"Remove"})]})]},p.organization.user.id))}),s.length>0&&t(C,{form:l,submit:"Add to team",label:`Add a member to ${n.title}`,children:t(U,{form:l,name:"member",label:"Member",options:[["","Choose a member"],...s.map(p=>[p.user.id,`${p.user.displayName} (${p.user.email})`])]})}),t("button",{type:"button",class:"danger",disabled:a.busy,onClick:()=>a.run(async()=>(await y(Et,{org:e,team:n.id}),i())),children:["Delete team ",n.title]})]})}var Cr=e=>e.split(/[\s,]+/).map(n=>n.trim()).filter(Boolean);function qn({org:e}){let n=f(Rn,{org:e}),[r,i]=x(null),a=A({id:"new-webhook",initial:{url:"",events:""},reset:!0,submit:async o=>{let s=Cr(o.events),l=await y(Tt,{org:e,input:{url:o.url,events:s.length?s:null}});return i(l.createWebhook.secret??null),await n.reload(),"Webhook added."}});return t(h,{children:[t(G,{org:e,current:"webhooks"}),t(_,{q:n,children:o=>t(h,{children:[t("h1",{children:["Webhooks (",o.organization.webhooks.count,")"]}),r&&t("div",{class:"notice",role:"status",children:[t("p",{children:"The signing secret, shown this once: copy it now."}),t("p",{children:t("code",{class:"secret",children:r})}),t("button",{type:"button",onClick:()=>i(null),children:"Done"})]}),t("ul",{class:"rows",children:o.organization.webhooks.items.map(s=>t("li",{children:t("span",{children:[t("a",{href:q.webhook(e,s.id),children:s.url}),t("span",{class:"muted",children:[" ","· ",s.active?"on":"off"," · ",s.events.length?s.events.join(", "):"every event"]})]})},s.id))}),t("h2",{children:"Add a webhook"}),t(C,{form:a,submit:"Add webhook",label:"New webhook",children:[t($,{form:a,name:"url",label:"URL",type:"url",hint:"An absolute http or https URL."}),t($,{form:a,name:"events",label:"Events (optional)",hint:"Event types such as space.created or space.*, separated by commas; empty for every event."})]})]})})]})}function En({org:e,id:n}){let r=f(kn,{org:e,webhook:n}),i=F();return t(h,{children:[t(G,{org:e,current:"webhooks"}),t(_,{q:r,children:a=>{let o=a.organization.webhook;return t(h,{children:[t("h1",{children:"Webhook"}),t("p",{children:t("code",{children:o.url})}),t("p",{class:"muted",children:[o.active?"On":"Off",o.disabledReason?` (${o.disabledReason})`:""," · ",o.events.length?o.events.join(", "):"every event"," · added ",j(o.createdAt)]}),t(T,{error:i.error}),t("p",{class:"actions",children:[t("button",{type:"button",disabled:i.busy,onClick:()=>i.run(async()=>(await y(vn,{org:e,webhook:n,input:{active:!o.active}}),r.reload())),children:o.active?"Turn off":"Turn on"}),t("button",{type:"button",disabled:i.busy,onClick:()=>r.reload(),children:"Refresh"}),t("button",{type:"button",class:"danger",disabled:i.busy,onClick:()=>i.run(async()=>{await y(Wt,{org:e,webhook:n}),N(q.webhooks(e))}),children:"Delete"})]}),t("h2",{children:["Deliveries (",o.deliveries.count,")"]}),o.deliveries.items.length===0?t("p",{class:"muted",children:"No deliveries yet: they come with the organization's next events."}):t("div",{class:"table-wrap",children:t("table",{"data-testid":"deliveries",children:[t("thead",{children:t("tr",{children:[t("th",{scope:"col",children:"Event"}),t("th",{scope:"col",children:"Status"}),t("th",{scope:"col",children:"Answer"}),t("th",{scope:"col",children:"When"}),t("th",{scope:"col",children:t("span",{class:"visually-hidden",children:"Actions"})})]})}),t("tbody",{children:o.deliveries.items.map(s=>t("tr",{children:[t("td",{children:[s.eventType,s.redeliveryOf?t("span",{class:"muted",children:" (redelivery)"}):null]}),t("td",{children:[s.status," ",t("span",{class:"muted",children:["· ",s.attempts," attempts"]})]}),t("td",{children:s.responseCode!=null?`${s.responseCode}${s.durationMs!=null?` in ${s.durationMs} ms`:""}`:s.error??"—"}),t("td",{children:j(s.deliveredAt??s.createdAt)}),t("td",{children:t("button",{type:"button",disabled:i.busy,"aria-label":`Redeliver ${s.eventType} of ${j(s.createdAt)}`,onClick:()=>i.run(async()=>(await y(Jt,{org:e,webhook:n,delivery:s.id}),r.reload())),children:"Redeliver"})})]},s.id))})]})})]})}})]})}var H=encodeURIComponent,q={sites:e=>`/app/o/${H(e)}/sites`,site:(e,n)=>`/app/o/${H(e)}/sites/${H(n)}`,members:e=>`/app/o/${H(e)}/admin/members`,teams:e=>`/app/o/${H(e)}/admin/teams`,fields:e=>`/app/o/${H(e)}/admin/custom-fields`,webhooks:e=>`/app/o/${H(e)}/admin/webhooks`,webhook:(e,n)=>`/app/o/${H(e)}/admin/webhooks/${H(n)}`,saml:e=>`/app/o/${H(e)}/admin/saml`,account:e=>`/app/o/${H(e)}/account`};var Dr=[["members",q.members,"Members"],["teams",q.teams,"Teams"],["custom-fields",q.fields,"Custom fields"],["webhooks",q.webhooks,"Webhooks"],["saml",q.saml,"SAML"]];function G({org:e,current:n}){return t("nav",{"aria-label":"Administration",class:"tabs",children:t("ul",{children:Dr.map(([r,i,a])=>t("li",{children:t("a",{href:i(e),"aria-current":r===n?"page":void 0,children:a})},r))})})}function Wn({org:e,rest:n}){let r=n.split("/").map(i=>decodeURIComponent(i));switch(r[0]){case"sites":return r[1]?t(ke,{org:e,site:r[1]}):t(Vn,{org:e});case"account":return t(On,{});case"admin":switch(r[1]){case"members":case void 0:return t(Un,{org:e});case"teams":return t(Nn,{org:e});case"custom-fields":return t(Mn,{org:e});case"webhooks":return r[2]?t(En,{org:e,id:r[2]}):t(qn,{org:e});case"saml":return t(Fn,{org:e})}}return t(h,{children:[t("h1",{children:"Not found"}),t("p",{children:"There is no such screen."})]})}function j(e){if(!e)return"—";let n=new Date(e);return isNaN(n.getTime())?e:n.toLocaleString()}var de=[["","Guest"],["read","Read"],["comment","Comment"],["review","Review"],["edit","Edit"],["create","Create"],["admin","Admin"]];var jn=tt({data:null,reload:async()=>{}});function Gn(){return gt(jn)}function Hn({org:e,parent:n,collections:r,spaces:i,current:a}){let o=r.filter(l=>(l.parent??null)===n),s=i.filter(l=>(l.parent??null)===n);return!o.length&&!s.length?null:t("ul",{class:"tree",children:[o.map(l=>t("li",{children:[t("a",{href:w.collection(e,l.id),class:"collection","aria-current":a===l.id?"page":void 0,children:[t("span",{"aria-hidden":"true",children:"▸ "}),l.title]}),t(Hn,{org:e,parent:l.id,collections:r,spaces:i,current:a})]},l.id)),s.map(l=>t("li",{children:t("a",{href:w.space(e,l.id),"aria-current":a===l.id?"page":void 0,children:[l.emoji?t("span",{"aria-hidden":"true",children:[l.emoji," "]}):null,l.title||"Untitled space"]})},l.id))]})}function Kn({org:e,current:n,children:r}){let i=f(sn,{org:e}),[a,o]=x(!1),[s,l]=x(!1);E(()=>{let c=g=>{let d=g.target,b=d&&(d.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(d.tagName));(g.key==="k"&&(g.ctrlKey||g.metaKey)||g.key==="/"&&!b&&!g.ctrlKey&&!g.metaKey&&!g.altKey)&&(g.preventDefault(),o(!0))};return document.addEventListener("keydown",c),()=>document.removeEventListener("keydown",c)},[]),E(()=>l(!1),[n,e]);let p=i.data,m=p?.organization,u=Me(e);return t(jn.Provider,{value:{data:p,reload:i.reload},children:[t("a",{class:"skip",href:"#main",children:"Skip to content"}),t("header",{class:"top",children:[t("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>l(!s),children:[t("span",{"aria-hidden":"true",children:"☰"}),t("span",{class:"visually-hidden",children:"Spaces"})]}),t("a",{class:"brand",href:w.org(e),children:"Folio"}),p&&t("select",{"aria-label":"Organization",value:e,onChange:c=>N(w.org(c.target.value)),children:p.organizations.items.map(c=>t("option",{value:c.id,children:c.title},c.id))}),t("button",{type:"button",class:"search-button",onClick:()=>o(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",t("kbd",{children:"/"})]}),t("span",{class:"spacer"}),p&&t("a",{class:"account",href:"/account",title:p.viewer.email??void 0,children:p.viewer.displayName})]}),t("div",{class:"frame",children:[t("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[i.error&&!p&&t("p",{class:"notice error",role:"alert",children:i.error.message}),u.length>0&&t("section",{"aria-labelledby":"recent-h",children:[t("h2",{id:"recent-h",children:"Recent"}),t("ul",{class:"tree",children:u.map(c=>t("li",{children:t("a",{href:w.space(e,c.id),children:[c.emoji?t("span",{"aria-hidden":"true",children:[c.emoji," "]}):null,c.title||"Untitled space"]})},c.id))})]}),m&&t("section",{"aria-labelledby":"tree-h",children:[t("h2",{id:"tree-h",children:m.title}),t(Hn,{org:e,parent:null,collections:m.collections.items,spaces:m.spaces.items,current:n}),!m.collections.items.length&&!m.spaces.items.length&&t("p",{class:"muted",children:"No spaces yet."})]}),t("section",{"aria-labelledby":"manage-h",children:[t("h2",{id:"manage-h",children:"Manage"}),t("ul",{class:"tree",children:[t("li",{children:t("a",{href:q.sites(e),children:"Sites"})}),t("li",{children:t("a",{href:q.members(e),children:"Administration"})}),t("li",{children:t("a",{href:q.account(e),children:"Your tokens and invitations"})})]})]})]}),t("main",{id:"main",tabIndex:-1,children:r})]}),a&&t(Cn,{org:e,onClose:()=>o(!1)})]})}function oe({pages:e,href:n,current:r,label:i}){return t("nav",{class:"pages","aria-label":i,children:t(Bn,{pages:e,href:n,current:r})})}function Bn({pages:e,href:n,current:r}){return e.length?t("ul",{children:e.map(i=>t("li",{children:[i.type==="group"?t("span",{class:"group",children:i.title}):t("a",{href:n(i.id),"aria-current":r===i.id?"page":void 0,children:[i.emoji?t("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled"]}),i.pages&&t(Bn,{pages:i.pages,href:n,current:r})]},i.id))}):null}function Fe(e){for(let n of e){if(n.type==="document")return n;let r=n.pages&&Fe(n.pages);if(r)return r}}function Qn({org:e,space:n,number:r,page:i}){let a=f(Rt,{space:n,number:r});return t(_,{q:a,children:o=>{let s=o.space?.changeRequest;return!o.space||!s?t("h1",{children:"No such change request"}):t("div",{class:"reader",children:[t(oe,{label:"Pages in this change request",pages:s.content.pages,href:l=>w.changeRequest(e,n,s.number,l),current:i}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:w.space(e,n),children:o.space.title})," · change request #",s.number]}),t("h1",{children:s.subject||"Untitled change request"}),t("p",{children:[t("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]})]})]})}})}function Jn({org:e,id:n}){let r=f(xt,{id:n});return t(_,{q:r,children:i=>i.collection?t(h,{children:[t("h1",{children:i.collection.title}),i.collection.description&&t("p",{class:"lead",children:i.collection.description}),t("ul",{class:"cards",children:[i.collection.collections.items.map(a=>t("li",{children:t("a",{href:w.collection(e,a.id),children:a.title})},a.id)),i.collection.spaces.items.map(a=>t("li",{children:t("a",{href:w.space(e,a.id),children:[a.emoji?t("span",{"aria-hidden":"true",children:[a.emoji," "]}):null,a.title||"Untitled space"]})},a.id))]})]}):t("h1",{children:"No such collection"})})}function Yn({id:e,error:n,field:r}){let i=n?.forField(r);return t("span",{id:e,class:"field-error",role:i?"alert":void 0,children:i??""})}function Xn({org:e}){let n=f(Kt,{org:e});return t(_,{q:n,children:r=>r.organization?t(h,{children:[t("h1",{children:r.organization.title}),r.organization.permissions.createContent&&t(Pr,{org:e}),t("section",{"aria-labelledby":"spaces-h",children:[t("h2",{id:"spaces-h",children:["Spaces (",r.organization.spaces.count,")"]}),t("ul",{class:"cards",children:r.organization.spaces.items.map(i=>t("li",{children:[t("a",{href:w.space(e,i.id),children:[i.emoji?t("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]}),i.changeRequestsOpen>0&&t("span",{class:"muted",children:[" · ",i.changeRequestsOpen," open change requests"]})]},i.id))})]}),r.organization.changeRequests.items.length>0&&t("section",{"aria-labelledby":"cr-h",children:[t("h2",{id:"cr-h",children:"Open change requests"}),t("ul",{children:r.organization.changeRequests.items.map(i=>t("li",{children:[t("a",{href:B(i.urls.app),children:["#",i.number," ",i.subject||"Untitled change request"]})," ",t("span",{class:"muted",children:i.status})]},i.id))})]})]}):t("h1",{children:"No such organization"})})}function Pr({org:e}){let n=Gn(),[r,i]=x(""),[a,o]=x(null),[s,l]=x(!1);return t("form",{class:"inline-form",onSubmit:async p=>{p.preventDefault(),l(!0);try{let m=await y(Dt,{org:e,input:{title:r.trim()}});o(null),await n.reload(),N(B(m.createSpace.urls.app))}catch(m){o(m instanceof z?m:new z([{message:String(m)}]))}finally{l(!1)}},children:[t("label",{for:"new-space-title",children:"New space"}),t("input",{id:"new-space-title",value:r,required:!0,maxLength:50,"aria-invalid":!!a?.forField("title"),"aria-describedby":"new-space-title-error",onInput:p=>i(p.target.value)}),t("button",{type:"submit",disabled:s,children:"Create space"}),t(Yn,{id:"new-space-title-error",error:a,field:"title"}),a&&!a.forField("title")&&t(T,{error:a})]})}function Zn({org:e,slug:n}){let r=f(Ht,{org:e,slug:n});return t(_,{q:r,children:i=>{let a=i.organization?.openAPISpec;return a?t(h,{children:[t("h1",{children:["OpenAPI: ",a.slug]}),t("dl",{children:[t("dt",{children:"State"}),t("dd",{children:a.processingState}),t("dt",{children:"Updated"}),t("dd",{children:new Date(a.updatedAt).toLocaleString()}),a.sourceURL&&t(h,{children:[t("dt",{children:"Source"}),t("dd",{children:a.sourceURL})]}),t("dt",{children:"Errors"}),t("dd",{children:a.lastProcessedErrorCount})]})]}):t("h1",{children:"No such OpenAPI specification"})}})}function er({org:e,space:n,revision:r,page:i}){let a=f(en,{space:n,revision:r,page:i??"",withPage:!!i});return t(_,{q:a,children:o=>{let s=o.space?.revisionById;return!o.space||!s?t("h1",{children:"No such revision"}):t("div",{class:"reader",children:[t(oe,{label:"Pages in this revision",pages:s.pages,href:l=>w.revision(e,n,s.id,l),current:i}),t("article",{children:[t("p",{class:"crumb",children:[t("a",{href:w.space(e,n),children:o.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?t(h,{children:[t("h1",{children:s.page.title}),t("pre",{class:"markdown",children:s.page.markdown})]}):t("h1",{children:["Revision ",s.id]})]})]})}})}function tr({org:e,site:n,preview:r}){let i=f(dn,{org:e,site:n});return t(_,{q:i,children:a=>{let o=a.organization?.site;return o?t(h,{children:[t("h1",{children:[o.title,r?" (preview)":""]}),t("p",{children:[o.published?"Published":"Not published"," · ",o.visibility," · ",o.siteSpaces," spaces"]}),t("ul",{children:[o.urls.published&&t("li",{children:t("a",{href:o.urls.published,children:"Open the published site"})}),t("li",{children:t("a",{href:o.urls.preview,children:"Preview"})})]})]}):t("h1",{children:"No such site"})}})}function nr({org:e,space:n,page:r}){let i=f(un,{space:n,page:r??"",withPage:!!r}),a=i.data?.space;return E(()=>{a&&An(e,{id:a.id,title:a.title,emoji:a.emoji})},[a?.id]),t(_,{q:i,children:o=>{let s=o.space;if(!s)return t("h1",{children:"No such space"});let l=Fe(s.revision.pages),p=s.revision.page;return t("div",{class:"reader",children:[t(oe,{label:"Pages",pages:s.revision.pages,href:m=>w.page(e,s.id,m),current:r??l?.id}),t("article",{children:[p?t("p",{class:"crumb",children:[s.emoji?t("span",{"aria-hidden":"true",children:[s.emoji," "]}):null,s.title||"Untitled space"]}):t("h1",{children:[s.emoji?t("span",{"aria-hidden":"true",children:[s.emoji," "]}):null,s.title||"Untitled space"]}),p?t(h,{children:[t("h1",{children:p.title}),p.description&&t("p",{class:"lead",children:p.description}),t("pre",{class:"markdown",children:p.markdown})]}):l?t("p",{children:t("a",{href:w.page(e,s.id,l.id),children:["Read ",l.title]})}):t("p",{class:"muted",children:"This space has no pages yet."})]})]})}})}function Tr(e){switch(e.kind){case"changeRequest":return`Change request #${e.number} · Folio`;case"site":return"Site · Folio";case"manage":return e.rest.startsWith("sites")?"Sites · Folio":e.rest.startsWith("account")?"Your account · Folio":"Administration · Folio";case"openapi":return`OpenAPI ${e.slug} · Folio`;default:return"Folio"}}function Lr({route:e}){switch(e.kind){case"org":return t(Xn,{org:e.org});case"collection":return t(Jn,{org:e.org,id:e.id});case"space":return t(nr,{org:e.org,space:e.space,page:e.page});case"revision":return t(er,{org:e.org,space:e.space,revision:e.revision,page:e.page});case"changeRequest":return t(Qn,{org:e.org,space:e.space,number:e.number,page:e.page});case"site":return e.preview?t(tr,{org:e.org,site:e.site,preview:!0}):t(ke,{org:e.org,site:e.site});case"manage":return t(Wn,{org:e.org,rest:e.rest});case"openapi":return t(Zn,{org:e.org,slug:e.slug});default:return null}}function Vr(){let e=f(cn,{}),n=e.data?.organizations.items[0];return E(()=>{n&&N(w.org(n.id),!0)},[n?.id]),t("main",{id:"main",class:"start",children:t(_,{q:e,children:r=>r.organizations.items.length?t("p",{role:"status",children:["Opening ",r.organizations.items[0].title,"…"]}):t(h,{children:[t("h1",{children:["Welcome, ",r.viewer.displayName]}),t("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",t("a",{href:"/account",children:"account page"}),"."]})]})})})}function rr(){let e=In();if(E(()=>{document.title=Tr(e),document.getElementById("main")?.focus({preventScroll:!0})},[e]),e.kind==="start")return t(Vr,{});if(e.kind==="notFound")return t("main",{id:"main",class:"start",children:[t("h1",{children:"Not found"}),t("p",{children:["The app has no page at ",e.path,". ",t("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let n=e.kind==="space"||e.kind==="revision"||e.kind==="changeRequest"?e.space:e.kind==="collection"?e.id:void 0;return t(Kn,{org:e.org,current:n,children:t(Lr,{route:e})})}$n();et(t(rr,{}),document.getElementById("app"));
