// copycat HTML report: sorting, filtering and opening clone classes.
// The copies' highlighted source is escaped HTML made by copycat itself.
(function () {
  'use strict';
  var data = null; // the copies, parsed when a class is first opened
  var table = document.getElementById('classes');
  var tbody = table.querySelector('.body');
  var rows = Array.prototype.slice.call(tbody.querySelectorAll('.cls'));
  var filter = document.getElementById('filter');
  var kind = document.getElementById('kind');
  var count = document.getElementById('count');
  var shown = 4; // copies shown at first; the rest behind a button

  function detailOf(tr) {
    var n = tr.nextElementSibling;
    return n && n.classList.contains('detail') ? n : null;
  }

  function copyView(c, k, total) {
    var col = document.createElement('div');
    col.className = 'copy';
    var where = document.createElement('div');
    where.className = 'where';
    where.textContent = (k + 1) + '/' + total + '  ' + c.f + ':' + c.s + '-' + c.e;
    col.appendChild(where);
    if (c.err) {
      var e = document.createElement('div');
      e.className = 'err';
      e.textContent = c.err;
      col.appendChild(e);
    } else {
      col.appendChild(codeView(c));
    }
    return col;
  }

  // codeView shows a copy's highlighted text (escaped HTML made by
  // copycat) with line numbers, and shades the lines that differ.
  function codeView(c) {
    var code = document.createElement('div');
    code.className = 'code';
    var gut = document.createElement('div');
    gut.className = 'gut';
    var nums = [];
    for (var l = c.s; l <= c.e; l++) nums.push(l);
    gut.textContent = nums.join('\n');
    var pre = document.createElement('pre');
    pre.innerHTML = c.h;
    (c.d || []).forEach(function (d) {
      var shade = document.createElement('div');
      shade.className = 'dl';
      shade.style.top = 'calc(4px + ' + 1.5 * (d[0] - c.s) + 'em)';
      shade.style.height = 1.5 * (d[1] - d[0] + 1) + 'em';
      pre.insertBefore(shade, pre.firstChild);
    });
    code.appendChild(gut);
    code.appendChild(pre);
    return code;
  }

  function render(i) {
    if (!data) data = JSON.parse(document.getElementById('data').textContent);
    var cls = data[i - 1];
    var box = document.createElement('div');
    var wrap = document.createElement('div');
    wrap.className = 'copies';
    box.appendChild(wrap);
    var n = Math.min(cls.c.length, shown);
    for (var k = 0; k < n; k++) wrap.appendChild(copyView(cls.c[k], k, cls.c.length));
    if (cls.c.length > n) {
      var more = document.createElement('button');
      more.className = 'more';
      more.textContent = 'show all ' + cls.c.length + ' copies';
      more.addEventListener('click', function (ev) {
        ev.stopPropagation();
        for (var k = n; k < cls.c.length; k++) wrap.appendChild(copyView(cls.c[k], k, cls.c.length));
        more.remove();
      });
      box.appendChild(more);
    }
    return box;
  }

  function toggle(tr, open) {
    var d = detailOf(tr);
    if (open === undefined) open = !(d && !d.hidden);
    if (open) {
      if (!d) {
        d = document.createElement('div');
        d.className = 'detail';
        d.appendChild(render(+tr.dataset.n));
        tr.parentNode.insertBefore(d, tr.nextSibling);
      }
      d.hidden = false;
    } else if (d) {
      d.hidden = true;
    }
    tr.classList.toggle('open', open);
    tr.setAttribute('aria-expanded', open ? 'true' : 'false');
  }

  tbody.addEventListener('click', function (ev) {
    if (ev.target.closest('.detail')) return;
    var tr = ev.target.closest('.cls');
    if (tr) toggle(tr);
  });
  tbody.addEventListener('keydown', function (ev) {
    var tr = ev.target.closest && ev.target.closest('.cls');
    if (tr && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      toggle(tr);
    }
  });

  function sortBy(th) {
    var key = th.dataset.key, num = th.dataset.type === 'num';
    var dir = th.getAttribute('aria-sort') === 'descending' ? 1 : -1;
    if (!th.hasAttribute('aria-sort') && !num) dir = 1;
    table.querySelectorAll('[aria-sort]').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
    rows.sort(function (a, b) {
      var x = a.dataset[key], y = b.dataset[key];
      var c = num ? x - y : (x < y ? -1 : x > y ? 1 : 0);
      return dir * c || a.dataset.n - b.dataset.n;
    });
    var frag = document.createDocumentFragment();
    rows.forEach(function (tr) {
      var d = detailOf(tr);
      frag.appendChild(tr);
      if (d) frag.appendChild(d);
    });
    tbody.appendChild(frag);
  }
  table.querySelector('.head').addEventListener('click', function (ev) {
    var th = ev.target.closest('[data-key]');
    if (th) sortBy(th);
  });

  function applyFilter() {
    var q = filter.value.trim().toLowerCase(), k = kind.value, n = 0;
    rows.forEach(function (tr) {
      var ok = (!q || tr.dataset.files.indexOf(q) >= 0) && (!k || tr.dataset.kind === k);
      tr.hidden = !ok;
      var d = detailOf(tr);
      if (d) d.hidden = !ok || !tr.classList.contains('open');
      if (ok) n++;
    });
    count.textContent = n + ' of ' + rows.length + ' classes';
  }
  filter.addEventListener('input', applyFilter);
  kind.addEventListener('change', applyFilter);

  function openFromHash() {
    var m = /^#c-(\d+)$/.exec(location.hash);
    var tr = m && document.getElementById('c-' + m[1]);
    if (!tr) return;
    if (tr.hidden) { filter.value = ''; kind.value = ''; applyFilter(); }
    toggle(tr, true);
    tr.scrollIntoView();
  }
  window.addEventListener('hashchange', openFromHash);
  // The list stays hidden while the page is parsed, so that the browser
  // lays out its thousands of rows once and not as they arrive.
  table.hidden = false;
  openFromHash();
})();
