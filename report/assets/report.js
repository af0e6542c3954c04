// copycat HTML report: sorting, filtering and opening clone classes.

// goSource highlights Go source in the page, when a reader opens a class:
// copycat sends each copy's text as it is, and the page lexes it, marks
// the tokens that differ between copies and escapes everything it shows.
// It is a global so that the tests can lex with it directly.
var goSource = (function () {
  'use strict';
  var keywords = new Set(('break case chan const continue default defer else fallthrough for func go goto if ' +
    'import interface map package range return select struct switch type var').split(' '));
  // Each token's pattern and class, tried at a position in this order;
  // the lexer follows go/scanner (checked against it in report's tests).
  var space = /[ \t\r\n]+/y;
  var rules = [
    [/\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/y, 'c'], // comment
    [/"(?:[^"\\\n]|\\[^\n]?)*"?|'(?:[^'\\\n]|\\[^\n]?)*'?|`[^`]*`?/y, 's'], // string or rune
    [new RegExp('(?:0[xX][0-9a-fA-F_]*(?:\\.[0-9a-fA-F_]*)?|0[bBoO][0-9_]*(?:\\.[0-9_]*)?|' +
      '[0-9][0-9_]*(?:\\.[0-9_]*)?|\\.[0-9][0-9_]*)(?:[eEpP][+-]?[0-9_]*)?i?', 'y'), 'n'], // number
    [/[\p{L}_][\p{L}\p{Nd}_]*/uy, 'i'], // name or keyword
    [/<<=|>>=|&\^=|\.\.\.|&&|\|\||<-|\+\+|--|[-+*\/%&|^<>=!:]=|<<|>>|&\^|[-+*\/%&|^<>=!()[\]{},;.:~]/y, ''], // operator
    [/[\s\S]/uy, ''] // anything else, one code point: not Go
  ];

  function at(re, text, i) {
    re.lastIndex = i;
    var m = re.exec(text);
    return m ? i + m[0].length : i;
  }

  // lex splits text into tokens {o: offset, e: end, c: class}, the
  // class being 'k' keyword, 's' string or rune, 'n' number, 'c' comment,
  // 'i' name or '' operator (offsets in UTF-16 units, as JavaScript counts).
  function lex(text) {
    var toks = [], i = 0, n = text.length, e, r;
    while ((i = at(space, text, i)) < n) {
      for (r = 0; (e = at(rules[r][0], text, i)) === i; r++) {}
      var cls = rules[r][1];
      if (cls === 'i' && keywords.has(text.slice(i, e))) cls = 'k';
      toks.push({o: i, e: e, c: cls});
      i = e;
    }
    return toks;
  }

  // index converts a 1-based byte column of a line into an offset in it.
  function index(line, col) {
    var bytes = 0, i = 0;
    while (i < line.length && bytes < col - 1) {
      var c = line.codePointAt(i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      i += c > 0xffff ? 2 : 1;
    }
    return i;
  }

  // A copy is one fragment's text with its whole lines, lexed: its code
  // is the text of each token inside the fragment that is not a comment,
  // codeAt the index of each in toks.
  function Copy(c) {
    this.text = c.t.replace(/\r\n/g, '\n');
    this.first = c.s;
    this.cuts = c.k || [];
    this.toks = lex(this.text);
    this.marked = new Uint8Array(this.toks.length);
    var lines = this.text.split('\n');
    var from = index(lines[0], c.a);
    var last = Math.min(c.e - c.s, lines.length - 1);
    var to = this.text.length - lines[last].length + index(lines[last], c.z);
    this.code = [];
    this.codeAt = [];
    for (var k = 0; k < this.toks.length; k++) {
      var t = this.toks[k];
      if (t.c !== 'c' && t.o >= from && t.o < to) {
        this.code.push(this.text.slice(t.o, t.e));
        this.codeAt.push(k);
      }
    }
  }

  // markDiffs marks the tokens of a and b that differ: position by
  // position when they line up one to one (a renamed copy: as many code
  // tokens, and only names and values differ), else those left out of a
  // longest common subsequence (an edited copy).
  function markDiffs(a, b) {
    var inA, inB;
    if (renamed(a, b)) {
      inA = new Uint8Array(a.code.length);
      inB = inA;
      for (var k = 0; k < a.code.length; k++) inA[k] = a.code[k] === b.code[k] ? 1 : 0;
    } else {
      var m = common(a.code, b.code, 2000, 5e7);
      if (!m) return;
      inA = m[0];
      inB = m[1];
    }
    for (var i = 0; i < inA.length; i++) if (!inA[i]) a.marked[a.codeAt[i]] = 1;
    for (var j = 0; j < inB.length; j++) if (!inB[j]) b.marked[b.codeAt[j]] = 1;
  }

  // renamed reports whether the code tokens of a and b line up one to
  // one, differing only in literal values and in names that a consistent
  // renaming maps (a name of a always to the same name of b, and back).
  function renamed(a, b) {
    if (a.code.length !== b.code.length) return false;
    var fwd = new Map(), bwd = new Map();
    for (var k = 0; k < a.code.length; k++) {
      var x = a.code[k], y = b.code[k];
      var ca = a.toks[a.codeAt[k]].c, cb = b.toks[b.codeAt[k]].c;
      if (ca === 'i' && cb === 'i') {
        if ((fwd.has(x) && fwd.get(x) !== y) || (bwd.has(y) && bwd.get(y) !== x)) return false;
        fwd.set(x, y);
        bwd.set(y, x);
      } else if (x !== y && !(literal[ca] && literal[cb])) {
        return false;
      }
    }
    return true;
  }
  var literal = {s: true, n: true}; // strings and runes, numbers

  // common finds a longest common subsequence of a and b with Myers's
  // O(ND) algorithm and returns, for each element of either, whether it
  // is in it; null when they differ in more than maxD elements, or when
  // finding it takes more than maxWork steps (elements compared and
  // diagonals tried), so that opening a class of long copies that differ
  // much stays quick: their lines are shaded all the same.
  function common(a, b, maxD, maxWork) {
    var n = a.length, m = b.length, off = n + m + 1, work = 0;
    var v = new Int32Array(2 * off + 1), trace = [];
    for (var d = 0; d <= Math.min(n + m, maxD); d++) {
      trace.push(v.slice(off - d - 1, off + d + 2));
      if ((work += d + 1) > maxWork) return null;
      for (var k = -d; k <= d; k += 2) {
        var x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
        var y = x - k, x0 = x;
        while (x < n && y < m && a[x] === b[y]) { x++; y++; }
        if ((work += x - x0) > maxWork) return null;
        v[off + k] = x;
        if (x >= n && y >= m) return backtrack(trace, n, m);
      }
    }
    return null;
  }

  function backtrack(trace, x, y) {
    var inA = new Uint8Array(x), inB = new Uint8Array(y);
    for (var d = trace.length - 1; d >= 0; d--) {
      var v = trace[d], k = x - y, base = d + 1;
      var pk = k === -d || (k !== d && v[base + k - 1] < v[base + k + 1]) ? k + 1 : k - 1;
      var px = v[base + pk], py = px - pk;
      while (x > px && y > py) { x--; y--; inA[x] = 1; inB[y] = 1; }
      x = px;
      y = py;
    }
    return [inA, inB];
  }

  var tags = {k: 'b', s: 's', n: 'u', c: 'i'};
  function escape(s) {
    return s.replace(/[&<>]/g, function (c) { return c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'; });
  }

  // html renders a copy as escaped, highlighted HTML.
  // html renders a copy as escaped, highlighted HTML: its first lines
  // lines, or all of them when lines is undefined.
  Copy.prototype.html = function (lines) {
    var out = [], at = 0, text = this.text, end = text.length;
    for (var n = 0, i = -1; lines !== undefined && n < lines; n++) {
      if ((i = text.indexOf('\n', i + 1)) < 0) break;
      if (n === lines - 1) end = i;
    }
    for (var k = 0; k < this.toks.length && this.toks[k].o < end; k++) {
      var t = this.toks[k], tag = tags[t.c], s = escape(text.slice(t.o, Math.min(t.e, end)));
      if (tag) s = '<' + tag + '>' + s + '</' + tag + '>';
      if (this.marked[k]) s = '<mark>' + s + '</mark>';
      out.push(escape(text.slice(at, t.o)), s);
      at = Math.min(t.e, end);
    }
    out.push(escape(text.slice(at, end)));
    return this.cuts.length ? markCuts(out.join(''), this.cuts, this.first) : out.join('');
  };

  // markCuts says, on each line that copycat cut (see MaxLineBytes in
  // copytext.go), how many bytes it left out before and after the part
  // shown. html is the highlighted text of the lines from first on; a
  // cut is [line, bytes before, bytes after].
  function markCuts(html, cuts, first) {
    var lines = html.split('\n');
    cuts.forEach(function (k) {
      var i = k[0] - first;
      if (i < 0 || i >= lines.length) return;
      if (k[1] > 0) lines[i] = '<span class="cut">' + group(k[1]) + ' bytes \u2026 </span>' + lines[i];
      if (k[2] > 0) lines[i] += '<span class="cut"> \u2026 ' + group(k[2]) + ' more bytes</span>';
    });
    return lines.join('\n');
  }

  function group(n) {
    return n.toLocaleString('en-US');
  }

  // copies lexes a class's copies (c.t text, c.s and c.e first and last
  // line, c.a and c.z byte columns where the fragment starts and ends)
  // and marks how each differs from the first; a copy without text (it
  // could not be read) is null.
  function copies(cs) {
    var out = cs.map(function (c) { return c.err ? null : new Copy(c); });
    for (var k = 1; k < out.length; k++) if (out[0] && out[k]) markDiffs(out[0], out[k]);
    return out;
  }

  return {lex: lex, copies: copies, common: common, group: group};
})();

(function () {
  'use strict';
  // The copies travel in chunks of consecutive classes (data-first is the
  // index of a chunk's first class); a chunk is parsed when one of its
  // classes is first opened.
  var chunks = Array.prototype.map.call(document.querySelectorAll('script.data'), function (el) {
    return {first: +el.dataset.first, el: el, classes: null};
  });
  function classData(i) {
    var c = null;
    for (var k = 0; k < chunks.length && chunks[k].first <= i; k++) c = chunks[k];
    if (!c.classes) c.classes = JSON.parse(c.el.textContent);
    return c.classes[i - c.first];
  }
  var table = document.getElementById('classes');
  var tbody = table.querySelector('.body');
  var rows = Array.prototype.slice.call(tbody.querySelectorAll('.cls'));
  var filter = document.getElementById('filter');
  var kind = document.getElementById('kind');
  var count = document.getElementById('count');
  var showLeft = document.getElementById('showleft'); // null when no class was left out
  var shown = 4; // copies shown at first; the rest behind a button

  var group = goSource.group; // 1,506,929, as the page's figures are written

  function detailOf(tr) {
    var n = tr.nextElementSibling;
    return n && n.classList.contains('detail') ? n : null;
  }

  function copyView(c, cp, k, all) {
    var total = all.length;
    var col = document.createElement('div');
    col.className = 'copy';
    var where = document.createElement('div');
    where.className = 'where';
    where.textContent = (k + 1) + '/' + total + '  ' + c.f + ':' + c.s + '-' + c.e;
    col.appendChild(where);
    if (c.x || c.l || c.w) {
      // A divergent class: this copy has lines another lacks, or lacks
      // another's.
      var note = document.createElement('div');
      note.className = c.x ? 'extra' : 'lacks';
      var has = all.filter(function (o) { return o.x; })[0];
      note.textContent = c.w ? c.w.join('; ') : c.x ? 'only some copies have the lines shaded green' :
        has ? 'lacks ' + lineList(has.x) + ' of ' + has.f : 'lacks lines another copy has';
      col.appendChild(note);
    }
    if (c.g) {
      // What the change did to this copy.
      var ch = document.createElement('div');
      ch.className = 'change';
      ch.textContent = c.g;
      col.appendChild(ch);
    }
    if (c.err) {
      var e = document.createElement('div');
      e.className = 'err';
      e.textContent = c.err;
      col.appendChild(e);
    } else {
      col.appendChild(codeView(c, cp));
    }
    return col;
  }

  // codeView shows a copy's highlighted text with line numbers, and
  // shades the lines that differ.
  // A copy longer than longCopy lines shows its first shownLines until
  // asked for the rest: laying out thousands of highlighted lines is most
  // of the time a large class takes to open.
  var longCopy = 400, shownLines = 200;

  // lineList names line ranges: "line 7", "lines 7-9, 12".
  function lineList(rs) {
    var one = rs.length === 1 && rs[0][0] === rs[0][1];
    return (one ? 'line ' : 'lines ') + rs.map(function (r) {
      return r[0] === r[1] ? String(r[0]) : r[0] + '-' + r[1];
    }).join(', ');
  }

  function codeView(c, cp) {
    var wrap = document.createElement('div');
    var total = c.e - c.s + 1;
    function show(lines) {
      var last = c.s + lines - 1;
      var code = document.createElement('div');
      code.className = 'code';
      var gut = document.createElement('div');
      gut.className = 'gut';
      var nums = [];
      for (var l = c.s; l <= last; l++) nums.push(l);
      gut.textContent = nums.join('\n');
      var pre = document.createElement('pre');
      pre.innerHTML = cp.html(lines < total ? lines : undefined);
      // Shade the lines that differ, and those only some copies have
      // (in front: each shade goes before the others).
      function shadeLines(ranges, cls) {
        (ranges || []).forEach(function (d) {
          if (d[0] > last) return;
          var shade = document.createElement('div');
          shade.className = cls;
          shade.style.top = 'calc(4px + ' + 1.5 * (d[0] - c.s) + 'em)';
          shade.style.height = 1.5 * (Math.min(d[1], last) - d[0] + 1) + 'em';
          pre.insertBefore(shade, pre.firstChild);
        });
      }
      shadeLines(c.x, 'xl');
      shadeLines(c.d, 'dl');
      code.appendChild(gut);
      code.appendChild(pre);
      wrap.textContent = '';
      wrap.appendChild(code);
      if (lines < total) {
        var more = document.createElement('button');
        more.className = 'more lines';
        more.textContent = 'show all ' + group(total) + ' lines';
        more.addEventListener('click', function (ev) {
          ev.stopPropagation();
          show(total);
        });
        wrap.appendChild(more);
      }
    }
    show(total > longCopy ? shownLines : total);
    return wrap;
  }

  function render(i) {
    var cls = classData(i - 1), cps = goSource.copies(cls.c);
    var box = document.createElement('div');
    var wrap = document.createElement('div');
    wrap.className = 'copies';
    box.appendChild(wrap);
    var n = Math.min(cls.c.length, shown);
    for (var k = 0; k < n; k++) wrap.appendChild(copyView(cls.c[k], cps[k], k, cls.c));
    if (cls.c.length > n) {
      var more = document.createElement('button');
      more.className = 'more';
      more.textContent = 'show all ' + group(cls.c.length) + ' copies';
      more.addEventListener('click', function (ev) {
        ev.stopPropagation();
        for (var k = n; k < cls.c.length; k++) wrap.appendChild(copyView(cls.c[k], cps[k], k, cls.c));
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
      var ok = (!q || tr.dataset.files.indexOf(q) >= 0) && (!k || tr.dataset.kind === k) &&
        (!tr.dataset.left || showLeft.checked);
      tr.hidden = !ok;
      var d = detailOf(tr);
      if (d) d.hidden = !ok || !tr.classList.contains('open');
      if (ok) n++;
    });
    count.textContent = group(n) + ' of ' + group(rows.length) + (rows.length === 1 ? ' class' : ' classes');
  }
  filter.addEventListener('input', applyFilter);
  kind.addEventListener('change', applyFilter);
  if (showLeft) showLeft.addEventListener('change', applyFilter);

  function openFromHash() {
    var m = /^#c-(\d+)$/.exec(location.hash);
    var tr = m && document.getElementById('c-' + m[1]);
    if (!tr) return;
    if (tr.hidden) {
      filter.value = ''; kind.value = '';
      if (tr.dataset.left) showLeft.checked = true;
      applyFilter();
    }
    toggle(tr, true);
    tr.scrollIntoView();
  }
  window.addEventListener('hashchange', openFromHash);
  // The list stays hidden while the page is parsed, so that the browser
  // lays out its thousands of rows once and not as they arrive.
  table.hidden = false;
  openFromHash();
})();
