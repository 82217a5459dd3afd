var R,We,dt,K,$e,me,Qe,ce,Ke,Ae,Ee,Je,ae=Symbol.for("pv"),fe={},he=[],ut=/^m(i|n|o|s|text|space)$/,Te=Array.isArray,Ge=he.slice,Z=Object.assign;function X(e){e&&e.parentNode&&e.remove()}function pe(e,n,t,i,o){var a={type:e,props:n,key:t,ref:i,__k:null,__:null,__b:0,__e:null,__c:null,constructor:ae,__v:o||++We,__i:-1,__u:0};return!o&&R.vnode&&R.vnode(a),a}function C(e){return e.children}function ge(e,n){this.props=e,this.context=n,this.__g=0}function J(e,n){if(n==null)return e.__&&J(e.__,e.__i+1);for(var t;n<e.__k.length;n++)if((t=e.__k[n])&&t.__e)return t.__e;return typeof e.type!="function"||e.props.__P?null:J(e)}function ct(e){var n,t=e.__v,i=t.__e,o=[],a=[],s=e.__P;s&&((n=Z({constructor:ae},t)).__v=t.__v+1,R.vnode&&R.vnode(n),Ie(s,n,t,e.__n,s.namespaceURI,32&t.__u?[i]:null,o,i||J(t),32&t.__u,a),n.__v=t.__v,n.__.__k[n.__i]=n,tn(o,n,a),t.__=t.__e=null,n.__e!=i&&Ye(n))}function Ye(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(n){return n&&(e.__e=n.__e)}),Ye(e)}function qe(e){(8&e.__g||(e.__g|=8,K.push(e),me++))&&$e==R.debounceRendering||(($e=R.debounceRendering)||queueMicrotask)(Xe)}function Xe(){try{for(var e,n=1;K.length;)K.length>n&&K.sort(Qe),e=K.shift(),n=K.length,8&e.__g&&ct(e)}finally{(me=K.length)&&($e||queueMicrotask)(Xe)}}function Ze(e,n,t,i,o,a,s,d,g,y,u){var c,p,l,f,x,h,k=i.__k||he,m=n.length;for(g=pt(t,n,k,g,m),c=0;c<m;c++)(l=t.__k[c])!=null&&(p=~l.__i&&k[l.__i]||fe,l.__i=c,h=Ie(e,l,p,o,a,s,d,g,y,u),f=l.__e,(p.ref!=l.ref||8&p.__u)&&(p.ref&&Oe(p.ref,null,l,p),l.ref&&u.push(l.ref,l.__c||f,l)),x=x||f,4&l.__u?(g=en(l,g,e,!p.__v),p.__e&&(p.__e=null)):typeof l.type=="function"&&h!==void 0?g=h:f&&(g=f.nextSibling),l.__u&=-21);return t.__e=x,g}function pt(e,n,t,i,o){var a,s,d,g,y,u,c,p,l,f=t.length,x=f,h=0,k=0,m=e.__k=Array(o);for(a=0;a<o;a++)(s=n[a])!=null&&typeof s!="boolean"&&typeof s!="function"?(typeof s!="object"||s.constructor===String?s=m[a]=pe(null,s):Te(s)?s=m[a]=pe(C,{children:s}):s.constructor===ae&&s.__b?s=m[a]=pe(s.type,s.props,s.key,s.ref,s.__v):m[a]=s,g=a+h,s.__=e,s.__b=e.__b+1,d=null,~(y=s.__i=gt(s,t,g,x))&&(x--,(d=t[y])&&(d.__u|=2)),d&&d.__v?(s.__u|=16,y==g-1?h--:y==g+1?h++:y!=g&&(y>g?h--:h++,k=1)):(~y||(o>f?h--:o<f&&h++),typeof s.type!="function"&&(s.__u|=4))):m[a]=null;if(k){for(u=[],c=[],a=0;a<o;a++)if((s=m[a])&&16&s.__u){for(h=0,p=u.length;h<p;)u[l=h+p>>1]<s.__i?h=l+1:p=l;u[h]=s.__i,c[a]=h+1}for(h=u.length;a--;)c[a]&&(c[a]==h?h--:m[a].__u|=4)}if(x)for(a=0;a<f;a++)!(d=t[a])||2&d.__u||(d.__e==i&&(i=J(d)),Ne(d,d));return i}function en(e,n,t,i){var o,a,s,d;if(typeof e.type=="function"){if(e.props.__P)return n;if(o=e.__k)for(a=0;a<o.length;a++)o[a]&&(o[a].__=e,n=en(o[a],n,t,!1));return n}for(n&&!n.parentNode&&(n=J(e))&&!n.parentNode&&(n=null),s=e.__e,d=n;d&&d.nodeType==8;)d=d.nextSibling;for(s!=d&&(!i&&t.moveBefore&&s.parentNode?t.moveBefore(s,n):t.insertBefore(s,n||null)),n=s;(n=n&&n.nextSibling)&&n.nodeType==8&&!n.data.startsWith("$s"););return n}function gt(e,n,t,i){var o,a=e.key,s=e.type,d=n[t],g=d&&!(2&d.__u);if(d===null&&a==null||g&&a==d.key&&s==d.type)return t;if(i>(g?1:0)){for(o=t-1;o>=0;o--)if((d=n[o])&&!(2&d.__u)&&a==d.key&&s==d.type)return o;for(o=t+1;o<n.length;o++)if((d=n[o])&&!(2&d.__u)&&a==d.key&&s==d.type)return o}return-1}function Be(e,n,t){t==null&&(t=""),n[0]=="-"?e.setProperty(n,t):e[n]=t}function ue(e,n,t,i,o){var a,s;if(n=="style")if(typeof t=="string")e.style.cssText=t;else{if(typeof i=="string"&&(e.style.cssText=i=""),i)for(n in i)t&&n in t||Be(e.style,n);if(t)for(n in t)i&&t[n]==i[n]||Be(e.style,n,t[n])}else if(n[0]=="o"&&n[1]=="n")typeof t!="function"&&(t=null),typeof i!="function"&&(i=null),(e.__e||(e.__e={}))[n]=t,t&&i||(s=Ee[n]||(Ee[n]=yt(n)),(e.__a||(e.__a={}))[n]=Ae,a=n!=(n=n.replace(Ke,"$1")),(n=n.slice(2))[0]<"a"&&(n=n.toLowerCase()),t?e.addEventListener(n,s,a):e.removeEventListener(n,s,a));else{if(o=="http://www.w3.org/2000/svg")n=n.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(n!="width"&&n!="height"&&n!="href"&&n!="list"&&n!="form"&&n!="tabIndex"&&n!="download"&&n!="rowSpan"&&n!="colSpan"&&n!="role"&&n!="popover"&&n in e)try{return void(e[n]=t??"")}catch{}if(typeof t=="function")return;t==null||t===!1&&n[4]!="-"?e.removeAttribute(n):e.setAttribute(n,n=="popover"&&t==1?"":t)}}function yt(e){return function(n){var t=this.__e;if(t){if(t=t[e],n[ce]==null)n[ce]=Ae++;else if(n[ce]<this.__a[e])return;return t(R.event?R.event(n):n)}}}function Ie(e,n,t,i,o,a,s,d,g,y){var u,c,p,l,f,x,h,k,m,S,_,D,M,Y,W,le,V,B,U=n.type;if(n.constructor!==ae)return null;128&t.__u&&(g=32&t.__u,u=t.__c.__z)&&(n.__u|=g,c=a=[],u.nodeType==8?d=ye(u,a):a.push(u),d=a[0]||d),(u=R.__b)&&u(n);e:if(typeof U=="function"){p=s.length;try{if(k=n.props,m=(u=U.prototype)&&u.render,S=(u=U.contextType)&&i[u.__c],_=u?S?S.props.value:u.__:i,(l=t.__c)?(n.__c=l,2&l.__g&&(l.__g|=1)):(m?n.__c=l=new U(k,_):(n.__c=l=new ge(k,_),l.constructor=U,l.render=ft),S&&S.sub(l),l.state||(l.state={}),l.__n=i,l.__g|=8,l.__h=[],l.__k=[]),m&&(l.__s||(l.__s=l.state),U.getDerivedStateFromProps&&(l.__s==l.state&&(l.__s=Z({},l.__s)),Z(l.__s,U.getDerivedStateFromProps(k,l.__s)))),f=l.props,x=l.state,l.__v=n,t.__c){if(k!==f&&m&&!U.getDerivedStateFromProps&&l.componentWillReceiveProps&&l.componentWillReceiveProps(k,_),n.__v==t.__v&&!(8&l.__g)||!(4&l.__g)&&l.shouldComponentUpdate&&l.shouldComponentUpdate(k,l.__s,_)===!1){n.__v!=t.__v&&(l.props=k,l.state=l.__s,l.__g&=-9),n.__e=t.__e,n.__k=t.__k,n.__k.some(function(j){j&&(j.__=n)}),he.push.apply(l.__h,l.__k),l.__k=[],l.__h.length&&s.push(l),d=J(t);break e}l.componentWillUpdate&&l.componentWillUpdate(k,l.__s,_),m&&l.componentDidUpdate&&l.__h.push(function(){l.componentDidUpdate(f,x,h)})}else m&&!U.getDerivedStateFromProps&&l.componentWillMount&&l.componentWillMount(),m&&l.componentDidMount&&l.__h.push(l.componentDidMount);l.context=_,l.props=k,l.__P=e,l.__g&=-5,D=R.__r,M=m?25:0;do l.__g&=-9,D&&D(n),u=l.render(l.props,l.state=l.__s,l.context);while(8&l.__g&&++M<25);m&&(he.push.apply(l.__h,l.__k),l.__k=[]),l.state=l.__s,l.getChildContext&&(i=Z({},i,l.getChildContext())),m&&t.__c&&l.getSnapshotBeforeUpdate&&(h=l.getSnapshotBeforeUpdate(f,x)),Y=u&&u.type===C&&u.key==null?u.props.children:u,k.__P&&(u=d,o=(e=k.__P).namespaceURI,g=a=null,t.props&&t.props.__P!=e&&(t.__k.some(function(j){j&&Ne(j,j)}),t.__k=null),d=t.__k?J(t,0):null),d=Ze(e,Te(Y)?Y:[Y],n,t,i,o,a,s,d,g,y),k.__P&&(n.__e=null,d=u),n.__u&=-161,c&&c.some(X),l.__h.length&&s.push(l),1&l.__g&&(l.__g&=-4)}catch(j){if(s.length=p,n.__v=null,g||a)if(j&&j.then){if(n.__u|=128|g,a){for(~(V=a.indexOf(d||void 0))||(V=a.length);(B=a[V-1])&&B.nodeType==8;)V--;for(;V<a.length;V++)if(B=a[V])if(a[V]=null,W){if(B==le)break}else{if(B.nodeType!=8)break;B.data.startsWith("$s")&&(le=ye(W=B))}}if(!W){for(;d&&d.nodeType==8&&d.nextSibling;)d=d.nextSibling;W=d}(u=ye(W=n.__c.__z||(n.__c.__z=W)))?(n.__e=W,d=u):n.__e=d,d=d&&d.nextSibling}else a&&a.some(X);else n.__e=t.__e;n.__k||(n.__k=t.__k||[]),j&&j.then||nn(n),R.__e(j,n,t)}}else d=n.__e=mt(t.__e,n,t,i,o,a,s,g,y,e);return(u=R.diffed)&&u(n),d}function ye(e,n){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var t=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))t++;else if(e.data.startsWith("/$s")&&!--t)return e}n&&n.push(e)}}function nn(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(nn))}function tn(e,n,t){for(var i=0;i<t.length;)Oe(t[i++],t[i++],t[i++]);R.__c&&R.__c(n,e),e.some(function(o){try{e=o.__h,o.__h=[],e.some(function(a){a.call(o)})}catch(a){R.__e(a,o.__v)}})}function mt(e,n,t,i,o,a,s,d,g,y){var u,c,p,l,f,x,h,k,m=t.props||fe,S=n.props,_=n.type;if(_=="svg"?o="http://www.w3.org/2000/svg":_=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),a){for(u=0;u<a.length;u++)if((f=a[u])&&(_?f.localName==_:f.nodeType==3)){e=f,a[u]=null;break}}if(!e){if(k=y.ownerDocument||document,!_)return k.createTextNode(S);e=k.createElementNS(o,_,S.is?S:y),d&&(R.__m&&R.__m(n,a),d=!1),a=null}if(_){if(y=_=="template"&&e.content||e,a=_=="textarea"&&S.defaultValue!=null?null:a&&Ge.call(y.childNodes),!d&&a)for(m={},u=0;u<e.attributes.length;u++)m[(f=e.attributes[u]).name]=f.value;for(u in m)f=m[u],u=="dangerouslySetInnerHTML"?p=f:u=="children"||u in S||u=="value"&&"defaultValue"in S||u=="checked"&&"defaultChecked"in S||ue(e,u,null,f,o);for(u in S)f=S[u],u=="children"?l=f:u=="dangerouslySetInnerHTML"?c=f:u=="value"?x=f:u=="checked"?h=f:d&&typeof f!="function"||m[u]===f||ue(e,u,f,m[u],o);c?(d||p&&(c.__html==p.__html||c.__html==e.innerHTML)||(e.innerHTML=c.__html),n.__k=[]):(p&&(e.textContent=""),(_=="foreignObject"||o=="http://www.w3.org/1998/Math/MathML"&&ut.test(_))&&(o="http://www.w3.org/1999/xhtml"),Ze(y,Te(l)?l:[l],n,t,i,o,a,s,a?a[0]:t.__k&&J(t,0),d,g),a&&a.some(X)),d&&_!="textarea"||(u="value",_=="progress"&&x==null?e.removeAttribute(u):x==null||x===e[u]&&(_!="progress"||x)||ue(e,u,x,m[u],o),u="checked",h!=null&&h!=e[u]&&ue(e,u,h,m[u],o))}else m===S||d&&e.data==S||(e.data=S);return e}function Oe(e,n,t,i){try{typeof e=="function"?n?n.__x=e(n)||1:i&&(i=i.__c||i.__e)&&(n=i.__x)&&(i.__x=null,typeof n=="function"?n():e(null)):e.current=n}catch(o){R.__e(o,t)}}function Ne(e,n,t){var i,o,a,s;if(R.unmount&&R.unmount(e),!(i=e.ref)||i.current&&i.current!=e.__e||Oe(i,null,n,e),i=e.__c){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(d){R.__e(d,n)}i.__P=i.__n=null}if(i=e.__k)for(s=0;s<i.length;s++)i[s]&&Ne(i[s],n,typeof e.type!="function"||t&&!e.props.__P);!t&&(i=e.__c)&&(i=i.__z)&&(o=ye(i,a=[]))&&(i==e.__e&&a.some(X),X(o),X(i)),t||X(e.__e),e.__e=e.__c=e.__=null}function ft(e,n,t){return this.constructor(e,t)}function rn(e,n){var t,i,o,a;R.__&&R.__(e,n),n.nodeType==9&&(n=n.documentElement),i=(t=e&&32&e.__u)?null:n.__k,n.__k=pe(C,{children:[e]}),o=[],a=[],Ie(n,n.__k,i||fe,fe,n.namespaceURI,i?null:n.firstChild?Ge.call(n.childNodes):null,o,i?i.__e:n.firstChild,t,a),tn(o,n.__k,a),n.__k.props.children=null}function an(e){function n(t){var i,o;return this.getChildContext||(i=new Set,(o={})[n.__c]=this,this.getChildContext=function(){return o},this.shouldComponentUpdate=function(a){this.props.value!=a.value&&i.forEach(function(s){s.__g|=4,qe(s)})},this.sub=function(a){i.add(a);var s=a.componentWillUnmount;a.componentWillUnmount=function(){i.delete(a),s&&s.call(a)}}),t.children}return n.__c="__cC"+Je++,n.__=e,n.Provider=(n.Consumer=function(t,i){return t.children(i)}).contextType=n,n}R={__e:function(e,n,t,i){for(var o,a,s;n=n.__;)if((o=n.__c)&&!(1&o.__g)){o.__g|=4;try{if((s=(a=o.constructor)&&a.getDerivedStateFromError)&&o.setState(a.getDerivedStateFromError(e)),o.componentDidCatch&&(o.componentDidCatch(e,i||{}),s=1),s&&8&o.__g)return void(o.__g|=2)}catch(d){e=d}}throw me=0,e}},We=0,dt=function(e){return e!=null&&e.constructor===ae},ge.prototype.setState=function(e,n){var t=this.__s;t&&t!=this.state||(t=this.__s=Z({},this.state)),typeof e=="function"&&(e=e(Z({},t),this.props)),e&&(Z(t,e),this.__v&&(n&&this.__k.push(n),qe(this)))},ge.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),qe(this))},ge.prototype.render=C,K=[],me=0,Qe=function(e,n){return e.__v.__b-n.__v.__b},ce=Symbol(),Ke=/(PointerCapture)$|Capture$/i,Ae=0,Ee={},Je=0;var te,E,De,on,je=Object.is,se=0,mn=[],Le=[],A=R,sn=A.__b,ln=A.__r,dn=A.diffed,un=A.__c,cn=A.unmount,pn=A.__;function _e(e,n){A.__h&&A.__h(E,e,se||n),se=0;var t=E.__H||(E.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function v(e){return se=1,ht(bn,e)}function ht(e,n,t){var i=_e(te++,2);if(i.t=e,!i.__c&&(i.__=[t?t(n):bn(void 0,n),function(a){var s=(i.__N||i.__)[0],d=i.t(s,a);je(s,d)||(i.__N=[d,i.__[1]],i.__c.setState({}))}],i.__c=E,!E.__f)){E.__f=!0;var o=E.shouldComponentUpdate;E.shouldComponentUpdate=function(a,s,d){var g=this.__H;if(!g)return!0;var y=!1,u=this.props!=a;if(g.__.some(function(p){p.__N&&(y=!0,je(p.__[0],p.__N[0])||(u=!0))}),o){var c=o.call(this,a,s,d);return y?c||u:c}return!y||u}}return i.__}function T(e,n){var t=_e(te++,3);!A.__s&&_n(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,E.__H.__h.push(t))}function Q(e){return se=5,be(function(){return{current:e}},[])}function be(e,n){var t=_e(te++,7);return _n(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function fn(e,n){return se=8,be(function(){return e},n)}function hn(e){var n=E.context[e.__c],t=_e(te++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(E)),n.props.value):e.__}function _t(){var e;do{for(;e=Le.shift();)try{oe(e)}catch(t){A.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=mn.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(oe),n.__h.some(ze),n.__h=[]}catch(t){n.__h=[],A.__e(t,e.__v)}}}while(Le.length)}A.__b=function(e){E=null,sn&&sn(e)},A.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),pn&&pn(e,n)},A.__r=function(e){ln&&ln(e),te=0;var n=(E=e.__c).__H;n&&(De==E?E.__h=[]:(n.__h.some(oe),n.__h.some(ze),te=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),De=E},A.diffed=function(e){dn&&dn(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&yn(mn.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),De=E=null},A.__c=function(e,n){n.some(function(t){try{t.__h.some(oe),t.__h=t.__h.filter(function(i){return!i.__||ze(i)})}catch(i){t.__h=[function(){throw i}]}}),un&&un(e,n)},A.unmount=function(e){cn&&cn(e);var n,t,i=e.__c;i&&i.__H&&(i.__H.__.some(function(o){try{if(o.__P&&o.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}o.__P=t,yn(Le.push(o))}else oe(o)}catch(a){n=a}}),i.__H=void 0,n&&A.__e(n,i.__v))};var gn=typeof requestAnimationFrame=="function";function bt(e){var n,t=function(){clearTimeout(i),gn&&cancelAnimationFrame(n),setTimeout(e)},i=setTimeout(t,35);gn&&(n=requestAnimationFrame(t))}function yn(e){e!=1&&on==A.requestAnimationFrame||((on=A.requestAnimationFrame)||bt)(_t)}function oe(e){var n=E,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),E=n}function ze(e){var n=E;e.__c=e.__(),E=n}function _n(e,n){return!e||e.length!=n.length||n.some(function(t,i){return!je(t,e[i])})}function bn(e,n){return typeof n=="function"?n(e):n}var vn={name:"ChangeRequestScreen",kind:"query",document:`query ChangeRequestScreen ($space: ID!, $number: String!) {
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
}`},kn={name:"CreateChangeRequest",kind:"mutation",document:`mutation CreateChangeRequest ($space: ID!, $subject: String) {
  createChangeRequest(spaceId: $space, input: {subject:$subject}) {
    id
    number
  }
}`},wn={name:"CreateSpace",kind:"mutation",document:`mutation CreateSpace ($org: ID!, $input: CreateSpaceInput!) {
  createSpace(organizationId: $org, input: $input) {
    id
    title
    urls {
      app
    }
  }
}`},Rn={name:"EditContent",kind:"mutation",document:`mutation EditContent ($space: ID!, $cr: String!, $input: ChangeRequestContentInput!) {
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
}`},xn={name:"EditorScreen",kind:"query",document:`query EditorScreen ($space: ID!, $number: String!, $page: ID!, $withPage: Boolean!) {
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
}`},Cn={name:"OpenAPIScreen",kind:"query",document:`query OpenAPIScreen ($org: ID!, $slug: String!) {
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
}`},Pn={name:"OrgHome",kind:"query",document:`query OrgHome ($org: ID!) {
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
}`},$n={name:"OrgSearch",kind:"query",document:`query OrgSearch ($org: ID!, $query: String!) {
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
}`},En={name:"RenderPreview",kind:"query",document:`query RenderPreview ($markdown: String!, $space: ID) {
  renderMarkdown(markdown: $markdown, spaceId: $space)
}`},qn={name:"RevisionScreen",kind:"query",document:`query RevisionScreen ($space: ID!, $revision: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},Tn={name:"SiteScreen",kind:"query",document:`query SiteScreen ($org: ID!, $site: ID!) {
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
}`},In={name:"SpaceScreen",kind:"query",document:`query SpaceScreen ($org: ID!, $space: ID!, $page: ID!, $withPage: Boolean!) {
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
}`},On={name:"Start",kind:"query",document:`query Start {
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
}`};var q=class extends Error{constructor(t,i=null){super(t.map(o=>o.message).join("; "));this.errors=t;this.data=i}errors;data;code(t){return this.errors.find(i=>i.extensions?.code===t)}forField(t){let i=new RegExp(`(^|[.\\]])${t}:`);return this.errors.find(a=>a.extensions?.field===t||i.test(a.message.split(" ")[0]??""))?.message}};function vt(){for(let e of document.cookie.split(";")){let[n,t]=e.trim().split("=");if(n==="folio_csrf")return decodeURIComponent(t??"")}return""}function St(){throw location.assign("/signin?next="+encodeURIComponent(location.pathname+location.search)),new q([{message:"signed out",extensions:{code:"UNAUTHENTICATED"}}])}async function H(e,n,t){let i;try{i=await fetch("/graphql",{method:"POST",credentials:"same-origin",headers:{"Content-Type":"application/json",Accept:"application/json","X-CSRF-Token":vt()},body:JSON.stringify({query:e.document,operationName:e.name,variables:n}),signal:t})}catch(a){throw a.name==="AbortError"?a:new q([{message:"The server cannot be reached: check the connection and try again.",extensions:{code:"NETWORK"}}])}let o;try{o=await i.json()}catch{throw new q([{message:`The server answered ${i.status} without a GraphQL result.`,extensions:{code:"HTTP"}}])}if(o.errors?.length)throw o.errors.some(a=>a.extensions?.code==="UNAUTHENTICATED")&&St(),new q(o.errors,o.data??null);if(o.data==null)throw new q([{message:`The server answered ${i.status} without data.`}]);return o.data}var kt=Symbol.for("pv"),wt=0;function r(e,n,t,i,o,a){n||(n={});var s,d,g=n;if("ref"in g&&typeof e!="function")for(d in g={},n)d=="ref"?s=n[d]:g[d]=n[d];var y={type:e,props:g,key:t,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:kt,__v:--wt,__i:-1,__u:0};return(o||a)&&(y.__source=o,y.__self=a),R.vnode&&R.vnode(y),y}function I(e,n,t=!1){let i=JSON.stringify(n),[o,a]=v(null),[s,d]=v(null),[g,y]=v(!t),u=Q(null),c=fn(async()=>{u.current?.abort();let p=new AbortController;u.current=p,y(!0);try{let l=await H(e,JSON.parse(i),p.signal);if(p.signal.aborted)return;a(l),d(null)}catch(l){if(p.signal.aborted)return;d(l instanceof q?l:new q([{message:String(l)}]))}finally{p.signal.aborted||y(!1)}},[e,i]);return T(()=>{if(!t)return a(null),c(),()=>u.current?.abort()},[c,t]),{data:o,error:s,loading:g,reload:c}}function G({error:e,onRetry:n}){return e?r("div",{class:"notice error",role:"alert",children:[r("p",{children:e.message}),n&&r("button",{type:"button",onClick:n,children:"Try again"})]}):null}function N({q:e,children:n}){return e.error&&!e.data?r(G,{error:e.error,onRetry:e.reload}):e.data?r(C,{children:n(e.data)}):r("p",{class:"muted",role:"status",children:"Loading…"})}var $="([^/]+)",Rt=[[/^\/app\/?$/,()=>({kind:"start"})],[new RegExp(`^/app/o/${$}/?$`),e=>({kind:"org",org:e[1]})],[new RegExp(`^/app/o/${$}/c/${$}/?$`),e=>({kind:"collection",org:e[1],id:e[2]})],[new RegExp(`^/app/o/${$}/s/${$}(?:/page/${$})?/?$`),e=>({kind:"space",org:e[1],space:e[2],page:e[3]})],[new RegExp(`^/app/o/${$}/s/${$}/revisions/${$}(?:/page/${$})?/?$`),e=>({kind:"revision",org:e[1],space:e[2],revision:e[3],page:e[4]})],[new RegExp(`^/app/o/${$}/s/${$}/change-requests/${$}/edit(?:/page/${$})?/?$`),e=>({kind:"edit",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${$}/s/${$}/change-requests/${$}(?:/page/${$})?/?$`),e=>({kind:"changeRequest",org:e[1],space:e[2],number:e[3],page:e[4]})],[new RegExp(`^/app/o/${$}/sites/${$}(/preview)?/?$`),e=>({kind:"site",org:e[1],site:e[2],preview:!!e[3]})],[new RegExp(`^/app/o/${$}/openapi/${$}/?$`),e=>({kind:"openapi",org:e[1],slug:e[2]})]];function Nn(e){for(let[n,t]of Rt){let i=n.exec(e);if(i)return t(i.map(o=>o===void 0?o:decodeURIComponent(o)))}return{kind:"notFound",path:e}}var P=encodeURIComponent,w={org:e=>`/app/o/${P(e)}`,collection:(e,n)=>`/app/o/${P(e)}/c/${P(n)}`,space:(e,n)=>`/app/o/${P(e)}/s/${P(n)}`,page:(e,n,t)=>`/app/o/${P(e)}/s/${P(n)}/page/${P(t)}`,revision:(e,n,t,i)=>`/app/o/${P(e)}/s/${P(n)}/revisions/${P(t)}`+(i?`/page/${P(i)}`:""),changeRequest:(e,n,t,i)=>`/app/o/${P(e)}/s/${P(n)}/change-requests/${P(String(t))}`+(i?`/page/${P(i)}`:""),edit:(e,n,t,i)=>`/app/o/${P(e)}/s/${P(n)}/change-requests/${P(String(t))}/edit`+(i?`/page/${P(i)}`:""),site:(e,n)=>`/app/o/${P(e)}/sites/${P(n)}`,openapi:(e,n)=>`/app/o/${P(e)}/openapi/${P(n)}`};function ee(e){try{let n=new URL(e,location.href);return n.pathname+n.hash}catch{return e}}var ve=new Set;function z(e,n=!1){n?history.replaceState(null,"",e):history.pushState(null,"",e),ve.forEach(t=>t()),n||window.scrollTo(0,0)}function Dn(){document.addEventListener("click",e=>{if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;let n=e.target?.closest?.("a");if(!n||n.target||n.hasAttribute("download"))return;let t=new URL(n.href,location.href);t.origin!==location.origin||!t.pathname.startsWith("/app")||(e.preventDefault(),z(t.pathname+t.search+t.hash))}),window.addEventListener("popstate",()=>ve.forEach(e=>e()))}function jn(){let[e,n]=v(()=>Nn(location.pathname));return T(()=>{let t=()=>n(Nn(location.pathname));return ve.add(t),()=>{ve.delete(t)}},[]),e}var Ln=e=>`folio.recent.${e}`;function Fe(e){try{let n=JSON.parse(localStorage.getItem(Ln(e))??"[]");return Array.isArray(n)?n.filter(t=>t&&typeof t.id=="string").slice(0,5):[]}catch{return[]}}function zn(e,n){let t=[n,...Fe(e).filter(i=>i.id!==n.id)].slice(0,5);try{localStorage.setItem(Ln(e),JSON.stringify(t))}catch{}}function Fn({org:e,onClose:n}){let t=Q(null),[i,o]=v(""),[a,s]=v(null),[d,g]=v(null);T(()=>{t.current?.showModal()},[]),T(()=>{let c=i.trim();if(!c){s(null);return}let p=new AbortController,l=setTimeout(async()=>{try{let f=await H($n,{org:e,query:c},p.signal);s(f.organization?.search.items??[]),g(null)}catch(f){p.signal.aborted||g(f instanceof q?f.message:String(f))}},150);return()=>{clearTimeout(l),p.abort()}},[i,e]);let y=c=>{n(),z(ee(c))},u=a?.flatMap(c=>c.pages)[0];return r("dialog",{ref:t,class:"search","aria-labelledby":"search-h",onClose:n,onCancel:n,children:[r("form",{method:"dialog",role:"search",onSubmit:c=>{c.preventDefault(),u&&y(u.urls.app)},children:[r("h2",{id:"search-h",children:"Search"}),r("label",{for:"search-input",class:"visually-hidden",children:"Search this organization"}),r("input",{id:"search-input",type:"search",autoFocus:!0,placeholder:"Search pages…",value:i,autoComplete:"off",onInput:c=>o(c.target.value)}),r("button",{type:"button",class:"close",onClick:n,children:"Close"})]}),d&&r("p",{class:"notice error",role:"alert",children:d}),r("div",{"aria-live":"polite",children:[a&&a.length===0&&r("p",{class:"muted",children:["Nothing matches “",i.trim(),"”."]}),a?.map(c=>r("section",{class:"results",children:[r("h3",{children:c.title}),r("ul",{children:c.pages.map(p=>r("li",{children:[r("a",{href:ee(p.urls.app),onClick:l=>{l.preventDefault(),y(p.urls.app)},children:p.title||p.path}),p.sections.length>0&&r("ul",{children:p.sections.slice(0,3).map(l=>r("li",{children:r("a",{href:ee(l.urls.app),onClick:f=>{f.preventDefault(),y(l.urls.app)},children:l.title})},l.id))})]},p.id))})]},c.id))]})]})}var Un=an({data:null,reload:async()=>{}});function Mn(){return hn(Un)}function Vn({org:e,parent:n,collections:t,spaces:i,current:o}){let a=t.filter(d=>(d.parent??null)===n),s=i.filter(d=>(d.parent??null)===n);return!a.length&&!s.length?null:r("ul",{class:"tree",children:[a.map(d=>r("li",{children:[r("a",{href:w.collection(e,d.id),class:"collection","aria-current":o===d.id?"page":void 0,children:[r("span",{"aria-hidden":"true",children:"▸ "}),d.title]}),r(Vn,{org:e,parent:d.id,collections:t,spaces:i,current:o})]},d.id)),s.map(d=>r("li",{children:r("a",{href:w.space(e,d.id),"aria-current":o===d.id?"page":void 0,children:[d.emoji?r("span",{"aria-hidden":"true",children:[d.emoji," "]}):null,d.title||"Untitled space"]})},d.id))]})}function Hn({org:e,current:n,children:t}){let i=I(An,{org:e}),[o,a]=v(!1),[s,d]=v(!1);T(()=>{let c=p=>{let l=p.target,f=l&&(l.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(l.tagName));(p.key==="k"&&(p.ctrlKey||p.metaKey)||p.key==="/"&&!f&&!p.ctrlKey&&!p.metaKey&&!p.altKey)&&(p.preventDefault(),a(!0))};return document.addEventListener("keydown",c),()=>document.removeEventListener("keydown",c)},[]),T(()=>d(!1),[n,e]);let g=i.data,y=g?.organization,u=Fe(e);return r(Un.Provider,{value:{data:g,reload:i.reload},children:[r("a",{class:"skip",href:"#main",children:"Skip to content"}),r("header",{class:"top",children:[r("button",{type:"button",class:"menu","aria-expanded":s,"aria-controls":"sidebar",onClick:()=>d(!s),children:[r("span",{"aria-hidden":"true",children:"☰"}),r("span",{class:"visually-hidden",children:"Spaces"})]}),r("a",{class:"brand",href:w.org(e),children:"Folio"}),g&&r("select",{"aria-label":"Organization",value:e,onChange:c=>z(w.org(c.target.value)),children:g.organizations.items.map(c=>r("option",{value:c.id,children:c.title},c.id))}),r("button",{type:"button",class:"search-button",onClick:()=>a(!0),"aria-keyshortcuts":"/ Control+K",children:["Search ",r("kbd",{children:"/"})]}),r("span",{class:"spacer"}),g&&r("a",{class:"account",href:"/account",title:g.viewer.email??void 0,children:g.viewer.displayName})]}),r("div",{class:"frame",children:[r("nav",{id:"sidebar",class:s?"side open":"side","aria-label":"Spaces",children:[i.error&&!g&&r("p",{class:"notice error",role:"alert",children:i.error.message}),u.length>0&&r("section",{"aria-labelledby":"recent-h",children:[r("h2",{id:"recent-h",children:"Recent"}),r("ul",{class:"tree",children:u.map(c=>r("li",{children:r("a",{href:w.space(e,c.id),children:[c.emoji?r("span",{"aria-hidden":"true",children:[c.emoji," "]}):null,c.title||"Untitled space"]})},c.id))})]}),y&&r("section",{"aria-labelledby":"tree-h",children:[r("h2",{id:"tree-h",children:y.title}),r(Vn,{org:e,parent:null,collections:y.collections.items,spaces:y.spaces.items,current:n}),!y.collections.items.length&&!y.spaces.items.length&&r("p",{class:"muted",children:"No spaces yet."})]})]}),r("main",{id:"main",tabIndex:-1,children:t})]}),o&&r(Fn,{org:e,onClose:()=>a(!1)})]})}function re({pages:e,href:n,current:t,label:i}){return r("nav",{class:"pages","aria-label":i,children:r(Bn,{pages:e,href:n,current:t})})}function Bn({pages:e,href:n,current:t}){return e.length?r("ul",{children:e.map(i=>r("li",{children:[i.type==="group"?r("span",{class:"group",children:i.title}):r("a",{href:n(i.id),"aria-current":t===i.id?"page":void 0,children:[i.emoji?r("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled"]}),i.pages&&r(Bn,{pages:i.pages,href:n,current:t})]},i.id))}):null}function Ue(e){for(let n of e){if(n.type==="document")return n;let t=n.pages&&Ue(n.pages);if(t)return t}}function Wn({org:e,space:n,number:t,page:i}){let o=I(vn,{space:n,number:t});return r(N,{q:o,children:a=>{let s=a.space?.changeRequest;return!a.space||!s?r("h1",{children:"No such change request"}):r("div",{class:"reader",children:[r(re,{label:"Pages in this change request",pages:s.content.pages,href:d=>w.changeRequest(e,n,s.number,d),current:i}),r("article",{children:[r("p",{class:"crumb",children:[r("a",{href:w.space(e,n),children:a.space.title})," · change request #",s.number]}),r("h1",{children:s.subject||"Untitled change request"}),r("p",{children:[r("span",{class:"badge "+s.status,children:s.status})," by ",s.createdBy.displayName,", updated ",new Date(s.updatedAt).toLocaleString(),s.outdated&&" · outdated"]}),(s.status==="open"||s.status==="draft")&&r("p",{children:r("a",{class:"button primary",href:w.edit(e,n,s.number,i),children:"Edit pages"})})]})]})}})}function Qn({org:e,id:n}){let t=I(Sn,{id:n});return r(N,{q:t,children:i=>i.collection?r(C,{children:[r("h1",{children:i.collection.title}),i.collection.description&&r("p",{class:"lead",children:i.collection.description}),r("ul",{class:"cards",children:[i.collection.collections.items.map(o=>r("li",{children:r("a",{href:w.collection(e,o.id),children:o.title})},o.id)),i.collection.spaces.items.map(o=>r("li",{children:r("a",{href:w.space(e,o.id),children:[o.emoji?r("span",{"aria-hidden":"true",children:[o.emoji," "]}):null,o.title||"Untitled space"]})},o.id))]})]}):r("h1",{children:"No such collection"})})}var Me=(e,n,t)=>`folio.draft.${e}.${n}.${t}`;function Kn(e,n,t){try{let i=JSON.parse(localStorage.getItem(Me(e,n,t))??"null");return i&&typeof i.markdown=="string"&&typeof i.title=="string"?i:null}catch{return null}}function Jn(e,n,t,i){try{localStorage.setItem(Me(e,n,t),JSON.stringify(i))}catch{}}function ie(e,n,t){try{localStorage.removeItem(Me(e,n,t))}catch{}}function Se({id:e,error:n,field:t}){let i=n?.forField(t);return r("span",{id:e,class:"field-error",role:i?"alert":void 0,children:i??""})}function Gn(e,n=null,t=0,i=[]){return e.forEach((o,a)=>{i.push({id:o.id,title:o.title,type:o.type,parent:n,index:a,depth:t,siblings:e.length}),o.pages&&Gn(o.pages,o.id,t+1,i)}),i}function ke(e){return e instanceof q?e:new q([{message:String(e)}])}function Yn({org:e,space:n,number:t,page:i}){let o=I(xn,{space:n,number:t,page:i??"",withPage:!!i}),[a,s]=v(null),[d,g]=v(null),[y,u]=v(!1),c=o.data?.space?.changeRequest;T(()=>{c&&s(c.revision)},[c?.revision]);let p=be(()=>c?Gn(c.content.pages):[],[c]),l=async m=>{let S=await H(Rn,{space:n,cr:t,input:{changes:m,baseRevision:a}});return s(S.updateChangeRequestContent.changeRequest.revision),S.updateChangeRequestContent},f=async(m,S)=>{u(!0);try{let _=await l(m);g(null),S?.(_),await o.reload()}catch(_){g(ke(_))}finally{u(!1)}},x=m=>f([{operation:"insert_page",ref:"new",title:"Untitled",into:m,document:{markdown:""}}],S=>{let _=S.changes.find(D=>D.ref==="new")?.page;_?.id&&z(w.edit(e,n,t,_.id))}),h=(m,S,_)=>f([{operation:"update_page",page:m,into:S,at:_}]),k=m=>{confirm(`Delete “${m.title}” and its subpages from this change request?`)&&f([{operation:"delete_page",page:m.id}],()=>{ie(n,t,m.id),i===m.id&&z(w.edit(e,n,t),!0)})};return r(N,{q:o,children:m=>{let S=m.space,_=S?.changeRequest;if(!S||!_)return r("h1",{children:"No such change request"});let D=p.find(M=>M.id===i);return r("div",{class:"editor-screen",children:[r("p",{class:"crumb",children:[r("a",{href:w.space(e,n),children:S.title})," · ",r("a",{href:w.changeRequest(e,n,_.number),children:["change request #",_.number]})]}),r("h1",{children:["Editing: ",_.subject||"Untitled change request"]}),!S.permissions.edit&&r("p",{class:"notice error",children:"You may read this change request but not edit it."}),r("div",{class:"editor-layout",children:[r("section",{class:"edit-tree","aria-labelledby":"edit-tree-h",children:[r("h2",{id:"edit-tree-h",children:"Pages"}),r(xt,{pages:_.content.pages,flat:p,current:i,href:M=>w.edit(e,n,t,M),onMove:h}),r("button",{type:"button",onClick:()=>x(null),disabled:y||!S.permissions.edit,children:"Add page"}),r(G,{error:d})]}),i&&_.content.page&&D?r(Ct,{space:n,number:t,cr:_,page:_.content.page,flat:p,here:D,base:a??_.revision,edit:l,reload:o.reload,busy:y,onMove:h,onAddChild:()=>x(i),onDelete:()=>k(D),linkTo:M=>`/pages/${M}`},i):r("p",{class:"muted",children:p.length?"Choose a page to edit, or add one.":"No pages yet: add the first one."})]})]})}})}function xt({pages:e,flat:n,current:t,href:i,onMove:o}){let[a,s]=v(null),d=g=>r("ul",{children:g.map(y=>{let u=n.find(c=>c.id===y.id);return r("li",{draggable:!0,onDragStart:c=>{c.stopPropagation(),s(y.id),c.dataTransfer?.setData("text/plain",y.id)},onDragOver:c=>{a&&a!==y.id&&c.preventDefault()},onDrop:c=>{c.preventDefault(),c.stopPropagation();let p=a??c.dataTransfer?.getData("text/plain");s(null),p&&p!==y.id&&o(p,u.parent,u.index)},class:a===y.id?"dragging":void 0,children:[r("a",{href:i(y.id),"aria-current":t===y.id?"page":void 0,children:y.title||"Untitled"}),y.pages&&y.pages.length>0&&d(y.pages)]},y.id)})});return r("nav",{"aria-label":"Pages of this change request",class:"pages",children:d(e)})}function Ct(e){let{space:n,number:t,page:i,flat:o,here:a}=e,s={title:i.title,markdown:i.markdown??""},d=Kn(n,t,i.id),[g,y]=v(d?.title??s.title),[u,c]=v(d?.markdown??s.markdown),[p,l]=v(s),[f,x]=v(!!d&&(d.title!==s.title||d.markdown!==s.markdown)),[h,k]=v(null),[m,S]=v(null),[_,D]=v(""),[M,Y]=v(!1),[W,le]=v(""),[V,B]=v(null),[U,j]=v(!1),we=Q(null),ne=Q(null),Re=Q({title:g,text:u});Re.current={title:g,text:u};let it=Q(e.base);it.current=e.base;let xe=g!==p.title||u!==p.markdown;T(()=>{xe?Jn(n,t,i.id,{title:g,markdown:u,base:e.base}):ie(n,t,i.id)},[g,u,p]),T(()=>{let b=new AbortController,O=setTimeout(async()=>{try{let F=await H(En,{markdown:u,space:n},b.signal);le(F.renderMarkdown),B(null)}catch(F){b.signal.aborted||B(ke(F).message)}},250);return()=>{clearTimeout(O),b.abort()}},[u]);let Ve=async b=>{D(`Uploading ${b.map(O=>O.name).join(", ")}…`);try{let O=await Promise.all(b.map(async L=>({name:L.name,contentType:L.type||"application/octet-stream",base64:await Et(L)}))),F=await e.edit([{operation:"insert_files",files:O}]),de=F.insertedFiles.map(L=>L.contentType.startsWith("image/")?`![${L.name}](/files/${L.id})`:`[${L.name}](/files/${L.id})`).join(`
`);ne.current?.insert(de),D(`Uploaded ${F.insertedFiles.length} file(s) to the space's files.`),k(null)}catch(O){k(ke(O)),D("")}},Ce=async(b=!1)=>{let{title:O,text:F}=Re.current,de=[],L={operation:"update_page",page:i.id};if(O!==p.title&&(L.title=O),F!==p.markdown&&(L.document={markdown:F}),L.title===void 0&&L.document===void 0){D("Nothing to save.");return}de.push(L),Y(!0);try{await e.edit(de),l({title:O,markdown:F}),ie(n,t,i.id),x(!1),S(null),k(null),D(b?"Saved over the other changes.":"Saved."),e.reload()}catch(lt){let He=ke(lt),Pe=He.code("PRECONDITION");Pe?(S({pages:Pe.extensions?.changedPages??[],revision:String(Pe.extensions?.revision??""),mine:F}),k(null)):k(He),D("")}finally{Y(!1)}};T(()=>{let b=!1;return import("./chunk-GSQISD7G.js").then(({createEditor:O})=>{b||!we.current||(ne.current=O(we.current,Re.current.text,{label:"Page content, markdown",onChange:c,onFiles:Ve,onSave:()=>Ce()}))}),()=>{b=!0,ne.current?.destroy(),ne.current=null}},[i.id]);let at=async()=>{ie(n,t,i.id),await e.reload()},ot=o.filter(b=>b.parent===a.parent),st=o.filter(b=>b.id!==a.id&&b.type==="document"&&!Pt(o,b.id,a.id));return r("section",{class:"page-editor","aria-labelledby":"page-editor-h",children:[r("h2",{id:"page-editor-h",class:"visually-hidden",children:["Edit ",g||"page"]}),f&&r("div",{class:"notice",role:"status",children:["Unsaved changes from your last visit were restored."," ",r("button",{type:"button",onClick:()=>{y(s.title),c(s.markdown),ne.current?.set(s.markdown),ie(n,t,i.id),x(!1)},children:"Discard them"})]}),m&&r("div",{class:"notice error",role:"alert",children:[r("p",{children:["Someone else changed this change request since you opened it:"," ",m.pages.length?m.pages.map(b=>`${b.title||b.id} (${b.change})`).join(", "):"its content",". Your text was not saved and is still here."]}),m.pages.some(b=>b.id===i.id)?r("p",{children:"This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs."}):r("p",{children:"This page is not among them: save again to add your change on top of theirs."}),r("p",{class:"actions",children:[r("button",{type:"button",onClick:at,children:"Reload this page"}),r("button",{type:"button",onClick:()=>Ce(!0),children:m.pages.some(b=>b.id===i.id)?"Save mine over theirs":"Save again"})]}),r("details",{children:[r("summary",{children:"Your text"}),r("pre",{class:"markdown",children:m.mine})]})]}),r("div",{class:"field",children:[r("label",{for:"page-title",children:"Title"}),r("input",{id:"page-title",value:g,maxLength:256,"aria-invalid":!!h?.forField("title"),"aria-describedby":"page-title-error",onInput:b=>y(b.target.value)}),r(Se,{id:"page-title-error",error:h,field:"title"})]}),r("div",{class:"toolbar",role:"toolbar","aria-label":"Page",children:[r("button",{type:"button",class:"primary save",onClick:()=>Ce(),disabled:M||!xe,"aria-keyshortcuts":"Control+S",children:M?"Saving…":"Save"}),r("span",{class:"status",role:"status",children:xe?"Unsaved changes":_}),r("button",{type:"button",onClick:()=>j(!U),"aria-expanded":U,children:"Link to a page"}),r("label",{class:"file-button",children:["Add files",r("input",{type:"file",multiple:!0,class:"visually-hidden",onChange:b=>{let O=b.target,F=Array.from(O.files??[]);O.value="",F.length&&Ve(F)}})]}),r("button",{type:"button",onClick:e.onAddChild,disabled:e.busy,children:"Add subpage"}),r("button",{type:"button",class:"danger",onClick:e.onDelete,disabled:e.busy,children:"Delete page"})]}),U&&r($t,{flat:o.filter(b=>b.id!==i.id&&b.type==="document"),onPick:b=>{ne.current?.insert(`[${b.title}](${e.linkTo(b.id)})`),j(!1)}}),r("fieldset",{class:"move",children:[r("legend",{children:"Move"}),r("button",{type:"button",disabled:e.busy||a.index===0,onClick:()=>e.onMove(i.id,a.parent,a.index-1),children:"Up"}),r("button",{type:"button",disabled:e.busy||a.index>=ot.length-1,onClick:()=>e.onMove(i.id,a.parent,a.index+1),children:"Down"}),r("label",{for:"move-into",children:"Inside"}),r("select",{id:"move-into",value:a.parent??"",disabled:e.busy,onChange:b=>{let O=b.target.value;e.onMove(i.id,O||null,1e5)},children:[r("option",{value:"",children:"(top level)"}),st.map(b=>r("option",{value:b.id,children:[" ".repeat(b.depth*2),b.title]},b.id))]})]}),h&&!h.forField("title")&&r(G,{error:h}),r("div",{class:"split",children:[r("div",{class:"source",ref:we}),r("section",{class:"preview","aria-labelledby":"preview-h",children:[r("h3",{id:"preview-h",children:"Preview"}),V?r("p",{class:"notice error",children:V}):r("div",{class:"page-body",dangerouslySetInnerHTML:{__html:W}})]})]})]})}function Pt(e,n,t){for(let i=e.find(o=>o.id===n);i;i=i.parent?e.find(o=>o.id===i.parent):void 0)if(i.id===t)return!0;return!1}function $t({flat:e,onPick:n}){let[t,i]=v(""),o=e.filter(a=>a.title.toLowerCase().includes(t.trim().toLowerCase())).slice(0,8);return r("div",{class:"linker",children:[r("label",{for:"link-search",children:"Page title"}),r("input",{id:"link-search",type:"search",autoFocus:!0,value:t,onInput:a=>i(a.target.value),onKeyDown:a=>{a.key==="Enter"&&o[0]&&(a.preventDefault(),n(o[0]))}}),r("ul",{children:[o.map(a=>r("li",{children:r("button",{type:"button",onClick:()=>n(a),children:a.title})},a.id)),!o.length&&r("li",{class:"muted",children:"No page has that title."})]})]})}function Et(e){return new Promise((n,t)=>{let i=new FileReader;i.onload=()=>n(String(i.result).replace(/^data:[^,]*,/,"")),i.onerror=()=>t(new Error(`${e.name} could not be read`)),i.readAsDataURL(e)})}function Xn({org:e}){let n=I(Pn,{org:e});return r(N,{q:n,children:t=>t.organization?r(C,{children:[r("h1",{children:t.organization.title}),t.organization.permissions.createContent&&r(qt,{org:e}),r("section",{"aria-labelledby":"spaces-h",children:[r("h2",{id:"spaces-h",children:["Spaces (",t.organization.spaces.count,")"]}),r("ul",{class:"cards",children:t.organization.spaces.items.map(i=>r("li",{children:[r("a",{href:w.space(e,i.id),children:[i.emoji?r("span",{"aria-hidden":"true",children:[i.emoji," "]}):null,i.title||"Untitled space"]}),i.changeRequestsOpen>0&&r("span",{class:"muted",children:[" · ",i.changeRequestsOpen," open change requests"]})]},i.id))})]}),t.organization.changeRequests.items.length>0&&r("section",{"aria-labelledby":"cr-h",children:[r("h2",{id:"cr-h",children:"Open change requests"}),r("ul",{children:t.organization.changeRequests.items.map(i=>r("li",{children:[r("a",{href:ee(i.urls.app),children:["#",i.number," ",i.subject||"Untitled change request"]})," ",r("span",{class:"muted",children:i.status})]},i.id))})]})]}):r("h1",{children:"No such organization"})})}function qt({org:e}){let n=Mn(),[t,i]=v(""),[o,a]=v(null),[s,d]=v(!1);return r("form",{class:"inline-form",onSubmit:async g=>{g.preventDefault(),d(!0);try{let y=await H(wn,{org:e,input:{title:t.trim()}});a(null),await n.reload(),z(ee(y.createSpace.urls.app))}catch(y){a(y instanceof q?y:new q([{message:String(y)}]))}finally{d(!1)}},children:[r("label",{for:"new-space-title",children:"New space"}),r("input",{id:"new-space-title",value:t,required:!0,maxLength:50,"aria-invalid":!!o?.forField("title"),"aria-describedby":"new-space-title-error",onInput:g=>i(g.target.value)}),r("button",{type:"submit",disabled:s,children:"Create space"}),r(Se,{id:"new-space-title-error",error:o,field:"title"}),o&&!o.forField("title")&&r(G,{error:o})]})}function Zn({org:e,slug:n}){let t=I(Cn,{org:e,slug:n});return r(N,{q:t,children:i=>{let o=i.organization?.openAPISpec;return o?r(C,{children:[r("h1",{children:["OpenAPI: ",o.slug]}),r("dl",{children:[r("dt",{children:"State"}),r("dd",{children:o.processingState}),r("dt",{children:"Updated"}),r("dd",{children:new Date(o.updatedAt).toLocaleString()}),o.sourceURL&&r(C,{children:[r("dt",{children:"Source"}),r("dd",{children:o.sourceURL})]}),r("dt",{children:"Errors"}),r("dd",{children:o.lastProcessedErrorCount})]})]}):r("h1",{children:"No such OpenAPI specification"})}})}function et({org:e,space:n,revision:t,page:i}){let o=I(qn,{space:n,revision:t,page:i??"",withPage:!!i});return r(N,{q:o,children:a=>{let s=a.space?.revisionById;return!a.space||!s?r("h1",{children:"No such revision"}):r("div",{class:"reader",children:[r(re,{label:"Pages in this revision",pages:s.pages,href:d=>w.revision(e,n,s.id,d),current:i}),r("article",{children:[r("p",{class:"crumb",children:[r("a",{href:w.space(e,n),children:a.space.title})," · revision ",s.id," · ",new Date(s.createdAt).toLocaleString()]}),s.page?r(C,{children:[r("h1",{children:s.page.title}),r("div",{class:"page-body",dangerouslySetInnerHTML:{__html:s.page.html??""}})]}):r("h1",{children:["Revision ",s.id]})]})]})}})}function nt({org:e,site:n,preview:t}){let i=I(Tn,{org:e,site:n});return r(N,{q:i,children:o=>{let a=o.organization?.site;return a?r(C,{children:[r("h1",{children:[a.title,t?" (preview)":""]}),r("p",{children:[a.published?"Published":"Not published"," · ",a.visibility," · ",a.siteSpaces," spaces"]}),r("ul",{children:[a.urls.published&&r("li",{children:r("a",{href:a.urls.published,children:"Open the published site"})}),r("li",{children:r("a",{href:a.urls.preview,children:"Preview"})})]})]}):r("h1",{children:"No such site"})}})}function tt({org:e,space:n,page:t}){let i=I(In,{org:e,space:n,page:t??"",withPage:!!t}),[o,a]=v(null),[s,d]=v(!1),g=i.data?.space;return T(()=>{g&&zn(e,{id:g.id,title:g.title,emoji:g.emoji})},[g?.id]),r(N,{q:i,children:y=>{let u=y.space;if(!u)return r("h1",{children:"No such space"});let c=Ue(u.revision.pages),p=u.revision.page,l=y.organization?.changeRequests.items.find(h=>h.createdBy.id===y.viewer.id),f=async()=>{if(l){z(w.edit(e,n,l.number,t));return}d(!0);try{let h=await H(kn,{space:n,subject:null});z(w.edit(e,n,h.createChangeRequest.number,t))}catch(h){a(h instanceof q?h:new q([{message:String(h)}]))}finally{d(!1)}},x=r(C,{children:[u.emoji?r("span",{"aria-hidden":"true",children:[u.emoji," "]}):null,u.title||"Untitled space"]});return r("div",{class:"reader",children:[r(re,{label:"Pages",pages:u.revision.pages,href:h=>w.page(e,u.id,h),current:t??c?.id}),r("article",{children:[r("div",{class:"space-bar",children:[p?r("p",{class:"crumb",children:x}):r("h1",{children:x}),u.permissions.edit&&r("button",{type:"button",class:"primary edit",onClick:f,disabled:s,children:l?`Edit (continue #${l.number})`:"Edit"}),u.urls.published&&r("a",{href:u.urls.published,children:"Published site"})]}),r(G,{error:o}),p?r(C,{children:[r("h1",{children:p.title}),p.description&&r("p",{class:"lead",children:p.description}),r("div",{class:"page-body",dangerouslySetInnerHTML:{__html:p.html??""}})]}):c?r("p",{children:r("a",{href:w.page(e,u.id,c.id),children:["Read ",c.title]})}):r("p",{class:"muted",children:["This space has no pages yet",u.permissions.edit?": Edit to write the first one.":"."]})]})]})}})}function At(e){switch(e.kind){case"changeRequest":return`Change request #${e.number} · Folio`;case"edit":return`Editing change request #${e.number} · Folio`;case"site":return"Site · Folio";case"openapi":return`OpenAPI ${e.slug} · Folio`;default:return"Folio"}}function Tt({route:e}){switch(e.kind){case"org":return r(Xn,{org:e.org});case"collection":return r(Qn,{org:e.org,id:e.id});case"space":return r(tt,{org:e.org,space:e.space,page:e.page});case"revision":return r(et,{org:e.org,space:e.space,revision:e.revision,page:e.page});case"changeRequest":return r(Wn,{org:e.org,space:e.space,number:e.number,page:e.page});case"edit":return r(Yn,{org:e.org,space:e.space,number:e.number,page:e.page});case"site":return r(nt,{org:e.org,site:e.site,preview:e.preview});case"openapi":return r(Zn,{org:e.org,slug:e.slug});default:return null}}function It(){let e=I(On,{}),n=e.data?.organizations.items[0];return T(()=>{n&&z(w.org(n.id),!0)},[n?.id]),r("main",{id:"main",class:"start",children:r(N,{q:e,children:t=>t.organizations.items.length?r("p",{role:"status",children:["Opening ",t.organizations.items[0].title,"…"]}):r(C,{children:[r("h1",{children:["Welcome, ",t.viewer.displayName]}),r("p",{children:["You are not a member of any organization yet. Accept an invitation on your ",r("a",{href:"/account",children:"account page"}),"."]})]})})})}function rt(){let e=jn();if(T(()=>{document.title=At(e),document.getElementById("main")?.focus({preventScroll:!0})},[e]),e.kind==="start")return r(It,{});if(e.kind==="notFound")return r("main",{id:"main",class:"start",children:[r("h1",{children:"Not found"}),r("p",{children:["The app has no page at ",e.path,". ",r("a",{href:"/app",children:"Go to the app's start"}),"."]})]});let n=e.kind==="space"||e.kind==="revision"||e.kind==="changeRequest"||e.kind==="edit"?e.space:e.kind==="collection"?e.id:void 0;return r(Hn,{org:e.org,current:n,children:r(Tt,{route:e})})}Dn();rn(r(rt,{}),document.getElementById("app"));
