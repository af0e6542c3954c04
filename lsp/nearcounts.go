package lsp

import (
	"maps"
	"slices"

	"github.com/copycat-go/copycat/fingerprint"
)

// nearCounts are the workspace's counts that an edit's detection needs to
// find the near-miss classes a whole run finds. An edit re-detects a file
// with the files that share code with it, and a near key (a winnowed
// k-gram) counts for a unit when two to fingerprint.NearKeyLimit units of
// the workspace hold it: counted over that group only, a key held by many
// units elsewhere counted as a rare one, and units paired that a whole run
// does not pair (TestReindexStdlib). The group's run is given the keys
// that count (fingerprint.Corpus.SharedNearKeys), as the Beam pipeline
// gives each part of a corpus.
//
// Counted so only when a MaxOccurrences of 1 to NearKeyLimit leaves out
// keys held more widely; past it, a run counts the keys of its own units.
type nearCounts struct {
	opt    fingerprint.Options
	units  map[uint32]int32 // near key -> the units that hold it
	shared []uint32         // the keys 2 to NearKeyLimit units hold, sorted
}

// newNearCounts returns the counts for opt, nil when its runs need none.
func newNearCounts(opt fingerprint.Options) *nearCounts {
	if !opt.Near || opt.MaxOccurrences <= 0 || opt.MaxOccurrences > fingerprint.NearKeyLimit {
		return nil
	}
	return &nearCounts{opt: opt, units: map[uint32]int32{}}
}

func counted(n int32) bool { return n >= 2 && n <= fingerprint.NearKeyLimit }

// The methods of nil counts do nothing.

// add counts f's units, delta each (1 to add the file, -1 to remove it),
// and notes in changed the keys whose count changed, if changed is not nil.
func (n *nearCounts) add(f *fingerprint.File, delta int32, changed map[uint32]bool) {
	if n == nil {
		return
	}
	for _, u := range fingerprint.NearUnits(f, n.opt) {
		for _, k := range u.Keys {
			c := n.units[k] + delta
			if c <= 0 {
				delete(n.units, k)
			} else {
				n.units[k] = c
			}
			if changed != nil {
				changed[k] = true
			}
		}
	}
}

// share lists the keys that count, from the counts alone.
func (n *nearCounts) share() {
	if n == nil {
		return
	}
	n.shared = nil
	for k, c := range n.units {
		if counted(c) {
			n.shared = append(n.shared, k)
		}
	}
	slices.Sort(n.shared)
}

// settle brings the keys that count up to date with the counts of the
// keys changed: those that began or ceased to count are put in or taken
// out, the others are left where they are.
func (n *nearCounts) settle(changed map[uint32]bool) {
	if n == nil {
		return
	}
	var in, out []uint32
	for _, k := range slices.Sorted(maps.Keys(changed)) {
		_, was := slices.BinarySearch(n.shared, k)
		switch now := counted(n.units[k]); {
		case now && !was:
			in = append(in, k)
		case was && !now:
			out = append(out, k)
		}
	}
	if len(in) == 0 && len(out) == 0 {
		return
	}
	// One pass that drops out and merges in, into a new slice: a run may
	// still hold the old one.
	next := make([]uint32, 0, len(n.shared)+len(in)-len(out))
	old := n.shared
	for len(old) > 0 || len(in) > 0 {
		switch {
		case len(in) == 0 || len(old) > 0 && old[0] < in[0]:
			if len(out) > 0 && out[0] == old[0] {
				out = out[1:]
			} else {
				next = append(next, old[0])
			}
			old = old[1:]
		default:
			next = append(next, in[0])
			in = in[1:]
		}
	}
	n.shared = next
}
