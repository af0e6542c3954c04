package fingerprint

// Table-like code, a run of statements of one or two shapes repeated row
// after row (the cases of an opcode switch, a nil check and default per
// field), matches any other run of its shape once names may be renamed:
// two different tables then pass for a renamed clone. What tells a copy
// from another table is the values of the rows. A row of a copy keeps
// its values, or renames a name it shares with other rows (a receiver, a
// loop variable, a type) the same way throughout; a row of another table
// has values of its own: a name, met in that row alone, that differs, or,
// where no name is renamed across rows, a literal that differs.

// minTableRows is the fewest statements a run needs to be taken for a
// table.
const minTableRows = 3

// notTables drops the renamed pairs whose two spans are rows of two
// different tables (see tableRows). Two runs of rows of one block are
// left to the rule for tables written out by hand (see extend).
func (d *detector) notTables(pairs []pair) []pair {
	var t tableScratch
	kept := pairs[:0:0]
	for _, p := range pairs {
		if p.exact || d.sameBlock(p.a, p.b) || !d.tableRows(&t, p) {
			kept = append(kept, p)
		}
	}
	return kept
}

// tableScratch holds what tableRows reuses from one pair to the next.
type tableScratch struct {
	shapes  map[uint64]bool
	vals    []uint64
	differs []bool
	own     []bool             // rows with a name of their own that differs
	names   map[uint64]nameUse // the names of the first span that differ
	aNames  map[uint64]bool    // the names of the first span
}

// A nameUse is where a name of the first span differs from the name it
// is matched with: the first row, whether in others too, and whether
// always renamed to the same name.
type nameUse struct {
	row          int32
	to           uint64
	several      bool
	inconsistent bool
}

// tableRows reports whether the spans of p, which have the same canonical
// tokens, are table-like, their rows being repeats of few shapes, and
// differ in the values of most of their rows.
func (d *detector) tableRows(t *tableScratch, p pair) bool {
	rows := d.rowsOf(p.a)
	if rows == nil || !t.repeatedShapes(rows) {
		return false
	}
	t.vals = t.vals[:0]
	d.eachValue(p.b, func(_ int32, _ byte, v uint64) { t.vals = append(t.vals, v) })
	d.startRows(t, p.a, len(rows))
	row, i := int32(0), 0
	d.eachValue(p.a, func(tok int32, c byte, v uint64) {
		w := t.vals[i]
		i++
		if v == w || tok < rows[0].tok0 || tok >= rows[len(rows)-1].tok1 {
			return
		}
		for tok >= rows[row].tok1 {
			row++
		}
		t.differ(row, c, v, w)
	})
	return t.otherTable()
}

// startRows begins comparing the values of the n rows of span a with
// those of another span: it notes a's names.
func (d *detector) startRows(t *tableScratch, a span, n int) {
	t.differs = append(t.differs[:0], make([]bool, n)...)
	t.own = append(t.own[:0], make([]bool, n)...)
	if t.names == nil {
		t.names, t.aNames = map[uint64]nameUse{}, map[uint64]bool{}
	}
	clear(t.names)
	clear(t.aNames)
	d.eachValue(a, func(_ int32, c byte, v uint64) {
		if isName(c) {
			t.aNames[v] = true
		}
	})
}

// differ notes that a value v of the first span's row, a token of code
// c, differs from w, the value it is matched with.
func (t *tableScratch) differ(row int32, c byte, v, w uint64) {
	if !isName(c) {
		t.differs[row] = true
		return
	}
	u, ok := t.names[v]
	if !ok {
		u = nameUse{row: row, to: w}
	}
	u.several = u.several || u.row != row
	if u.to != w || t.aNames[w] {
		// Matched with other names in other rows, or with a name the
		// first span has too (rows in another order): rows of two
		// tables, not one renaming; each such row has a name of its own.
		u.inconsistent = true
		t.own[u.row], t.own[row] = true, true
	}
	t.names[v] = u
}

// otherTable reports whether most rows have values of their own (see
// the top of this file): the rows of another table, not of a copy.
func (t *tableScratch) otherTable() bool {
	renamed := false // a name renamed the same way across rows
	for _, u := range t.names {
		renamed = renamed || u.several && !u.inconsistent
	}
	if renamed {
		// The literals of a copy follow its renaming (Add, "Add" become
		// Add64, "Add64"): only the rows' own names tell another table.
		clear(t.differs)
	}
	for _, u := range t.names {
		if !u.several {
			t.own[u.row] = true
		}
	}
	n := 0
	for i, x := range t.differs {
		n += b2i(x || t.own[i])
	}
	return 2*n > len(t.differs)
}

// nearTables reports whether a and b, near-miss candidates aligned by
// match, are table-like and differ in the values of most of their rows,
// as tableRows does for renamed pairs: the cases of a load and of a store
// opcode switch, of a map from each condition to its negation and to its
// inverse. It reads the value index of each token of b that mismatches
// left in v.vb.
func (d *detector) nearTables(v *verifier, a, b span, match []int32) bool {
	rows := d.rowsOf(a)
	t := &v.tables
	if rows == nil || !t.repeatedShapes(rows) {
		return false
	}
	A, B := d.files[a.file], d.files[b.file]
	at0, _ := d.tokens(a)
	d.startRows(t, a, len(rows))
	row := int32(0)
	va := A.units[a.first].val0
	for x, y := range match {
		tok := at0 + int32(x)
		c := A.codes[tok]
		if !hasValue(c) {
			continue
		}
		val := A.vals[va]
		va++
		if y < 0 || tok < rows[0].tok0 || tok >= rows[len(rows)-1].tok1 || val == B.vals[v.vb[y]] {
			continue
		}
		for tok >= rows[row].tok1 {
			row++
		}
		t.differ(row, c, val, B.vals[v.vb[y]])
	}
	return t.otherTable()
}

// rowsOf returns the statements that make most of span s, if they could be
// the rows of a table: the statements of s itself, or the statements of
// one block inside it (the cases of a switch), whichever are the most
// among those that hold more than half of s's tokens and are at least
// minTableRows statements. It returns nil if there are none.
func (d *detector) rowsOf(s span) []unit {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var best []unit
	consider := func(us []unit) {
		if len(us) >= minTableRows && len(us) > len(best) && 2*(us[len(us)-1].tok1-us[0].tok0) > t1-t0 {
			best = us
		}
	}
	consider(f.units[s.first : s.last+1])
	for bi := f.blockOf(s.first) + 1; bi < len(f.blocks); bi++ {
		b := f.blocks[bi]
		u0 := f.units[b.first].tok0
		if u0 >= t1 {
			break
		}
		if u0 >= t0 {
			consider(f.units[b.first:b.last])
		}
	}
	return best
}

// repeatedShapes reports whether rows have at most half as many
// canonical shapes as there are rows.
func (t *tableScratch) repeatedShapes(rows []unit) bool {
	if t.shapes == nil {
		t.shapes = map[uint64]bool{}
	}
	clear(t.shapes)
	for _, u := range rows {
		t.shapes[u.hash] = true
	}
	return 2*len(t.shapes) <= len(rows)
}
