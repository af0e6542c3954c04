package fingerprint

// What near-miss detection derives from one file alone (its units, and
// the keys that tell a unit's copies and verdicts) is the same in every
// run over it. The editor's focused runs detect an edited file with the
// files that share code with it, again at each edit, and those others
// have not changed: each focused run keeps these on the file (File.near)
// for the next. A whole run reads each file once and keeps nothing.

// A nearMemo is what focused runs found of a file's near-miss units. It
// is not changed once stored: a run that learns more keys stores a new
// one, and a run that reads it meanwhile keeps the one it read.
type nearMemo struct {
	minTokens, minLines int        // the options the units were listed under
	units               []nearUnit // the file's units; each s.file is the run's own
	deep                int64      // units left out for their depth
	copyKeys            []copyKey  // by unit; zero where no run asked yet
	unitKeys            []unitKey  // by unit; zero where no run asked yet
}

// memo returns file fi's memo when runs keep one and its units were
// listed under this run's options, else nil.
func (d *detector) memo(fi int32) *nearMemo {
	if d.focus == nil {
		return nil
	}
	m := d.files[fi].near.Load()
	if m == nil || m.minTokens != d.opt.MinTokens || m.minLines != d.opt.MinLines {
		return nil
	}
	return m
}

// known returns the key of unit u that memo m holds in the keys field
// names, if a run computed it.
func known[K comparable](m *nearMemo, field func(*nearMemo) *[]K, u *nearUnit) (K, bool) {
	var zero K
	if m == nil {
		return zero, false
	}
	ks := *field(m)
	if int(u.local) >= len(ks) || ks[u.local] == zero {
		return zero, false
	}
	return ks[u.local], true
}

// remember stores in the field of each file's memo the keys this run
// computed for its units (zero where it computed none): keys[i] is
// units[i]'s. Units are in file order, each file's together.
func remember[K comparable](d *detector, units []nearUnit, keys []K, field func(*nearMemo) *[]K) {
	if d.focus == nil {
		return
	}
	var zero K
	for i := 0; i < len(units); {
		fi := units[i].s.file
		j := i + 1
		for j < len(units) && units[j].s.file == fi {
			j++
		}
		m := d.memo(fi)
		if m == nil {
			i = j
			continue
		}
		old := *field(m)
		var ks []K
		for k := i; k < j; k++ {
			u := units[k].local
			if keys[k] == zero || int(u) < len(old) && old[u] == keys[k] {
				continue
			}
			if ks == nil {
				ks = make([]K, len(m.units))
				copy(ks, old)
			}
			ks[u] = keys[k]
		}
		if ks != nil {
			next := *m
			*field(&next) = ks
			d.files[fi].near.Store(&next)
		}
		i = j
	}
}
