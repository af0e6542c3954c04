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
	names   map[uint64]int32 // a name of the first span that differs: its row, or -1 for several
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
	t.differs = append(t.differs[:0], make([]bool, len(rows))...)
	if t.names == nil {
		t.names = map[uint64]int32{}
	}
	clear(t.names)
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
		if !isName(c) {
			t.differs[row] = true
		} else if r, ok := t.names[v]; !ok {
			t.names[v] = row
		} else if r != row {
			t.names[v] = -1
		}
	})
	renamed := false // a name renamed across rows
	for _, r := range t.names {
		renamed = renamed || r < 0
	}
	if renamed {
		// The literals of a copy follow its renaming (Add, "Add" become
		// Add64, "Add64"): only the rows' own names tell another table.
		clear(t.differs)
	}
	for _, r := range t.names {
		if r >= 0 {
			t.differs[r] = true
		}
	}
	n := 0
	for _, x := range t.differs {
		n += b2i(x)
	}
	return 2*n > len(rows)
}

// rowsOf returns the statements that make most of span s, if they could be
// the rows of a table: the statements of s itself, or the statements of
// one block inside it (the cases of a switch), whichever holds the most
// tokens, provided it holds more than half of s's and at least
// minTableRows statements. It returns nil otherwise.
func (d *detector) rowsOf(s span) []unit {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	var best []unit
	size := func(us []unit) int32 { return us[len(us)-1].tok1 - us[0].tok0 }
	consider := func(us []unit) {
		if len(us) >= minTableRows && (best == nil || size(us) > size(best)) {
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
	if best == nil || 2*size(best) <= t1-t0 {
		return nil
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
