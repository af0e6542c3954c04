package fingerprint

import (
	"maps"
	"slices"
)

// CorpusCounts are the counts of a corpus that a run over a part of it
// decides by as a run over the whole would (see Corpus), kept as files
// come and go: the editor keeps its workspace's, and an edit's run, over
// the edited file and the files that share code with it, is given them.
// Counted over that group alone, a window or a near key that the rest of
// the workspace holds many times counts as a rare one, and the edit's
// classes are not a whole run's (lsp.TestReindexStdlib).
//
// Windows are counted when MaxOccurrences sets a limit. Near keys are
// counted when near-miss clones are on and MaxOccurrences is 1 to
// NearKeyLimit: a key counts when 2 to NearKeyLimit units hold it. Past
// that limit a key of many units pairs them through one of its copies,
// which a part does not see; the run counts its own keys then, as a part
// of the Beam pipeline does (which holds every unit of its keys).
type CorpusCounts struct {
	opt     Options
	windows *WindowCounts    // nil without a limit
	units   map[uint32]int32 // near key -> the units that hold it; nil if not counted
	shared  []uint32         // the keys that count, sorted, as of the last Corpus
	part    []uint32         // the part keys, sorted, as of the last Corpus
	changed map[uint32]bool  // the keys whose counts changed since
}

// NewCorpusCounts returns empty counts for runs under opt over a corpus of
// the given windows in all (the sum of its files' Windows), nil when such
// runs need none.
func NewCorpusCounts(opt Options, windows int) *CorpusCounts {
	c := &CorpusCounts{opt: opt}
	if opt.MaxOccurrences > 0 {
		c.windows = NewWindowCounts(windows)
	}
	if opt.Near && opt.MaxOccurrences > 0 && opt.MaxOccurrences <= NearKeyLimit {
		c.units, c.changed = map[uint32]int32{}, map[uint32]bool{}
	}
	if c.windows == nil && c.units == nil {
		return nil
	}
	return c
}

// Add counts f.
func (c *CorpusCounts) Add(f *File) { c.count(f, 1) }

// Remove takes f, counted before, out of the counts.
func (c *CorpusCounts) Remove(f *File) { c.count(f, -1) }

func (c *CorpusCounts) count(f *File, delta int32) {
	switch {
	case c.windows == nil:
	case delta > 0:
		c.windows.Add(f)
	default:
		c.windows.Remove(f)
	}
	if c.units == nil {
		return
	}
	for _, u := range NearUnits(f, c.opt) {
		for _, k := range u.Keys {
			if n := c.units[k] + delta; n > 0 {
				c.units[k] = n
			} else {
				delete(c.units, k)
			}
			c.changed[k] = true
		}
	}
}

// HeldBack reports whether a run given these counts holds window
// fingerprint fp back as boilerplate: seen more than MaxOccurrences
// times. A file's edit that moves a fingerprint across that limit changes
// the classes of every file holding it, edited or not.
func (c *CorpusCounts) HeldBack(fp uint64) bool {
	return c.windows != nil && c.windows.counts.estimate(fp) > uint32(c.opt.MaxOccurrences)
}

// Corpus returns the counts as a run over a part is given them. A run
// given it may still use it after later calls change the counts.
func (c *CorpusCounts) Corpus() *Corpus {
	if c.units != nil {
		c.settle()
	}
	return &Corpus{Windows: c.windows, SharedNearKeys: c.shared, PartKeys: c.part}
}

// settle brings the shared keys and the part keys up to date with the
// counts of the keys changed.
func (c *CorpusCounts) settle() {
	changed := slices.Sorted(maps.Keys(c.changed))
	clear(c.changed)
	c.shared = c.resettle(c.shared, changed, NearKeyLimit)
	c.part = c.resettle(c.part, changed, PartKeyLimit)
}

// resettle returns keys, the keys held by 2 to limit units, with those
// of changed (sorted) that began or ceased to be held so put in or taken
// out, into a new slice (a run may hold the old one), in one pass.
func (c *CorpusCounts) resettle(keys, changed []uint32, limit int32) []uint32 {
	var in, out []uint32
	for _, k := range changed {
		_, was := slices.BinarySearch(keys, k)
		n := c.units[k]
		switch now := n >= 2 && n <= limit; {
		case now && !was:
			in = append(in, k)
		case was && !now:
			out = append(out, k)
		}
	}
	if len(in) == 0 && len(out) == 0 {
		return keys
	}
	next := make([]uint32, 0, len(keys)+len(in)-len(out))
	old := keys
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
	return next
}

// WindowCounts count a corpus's windows by fingerprint as a run over the
// whole corpus counts them (its sketch's Count-Min counts; whether a
// fingerprint was seen twice, exactly, where the run's Bloom filter may
// say so of one seen once, which pairs with nothing), and can take a
// file's windows out again, which a Sketch's Bloom filters cannot: the
// editor keeps its workspace's up to date at every edit, so that an edit's
// run leaves out as boilerplate the windows a whole run leaves out.
type WindowCounts struct {
	seen    map[uint64]int32
	counts  *countMin
	windows int
}

// NewWindowCounts returns empty counts sized, as a run's sketch is, for a
// corpus of the given windows in all.
func NewWindowCounts(windows int) *WindowCounts {
	return &WindowCounts{seen: map[uint64]int32{}, counts: newCountMin(max(windows, 64)), windows: windows}
}

// Add counts f's windows.
func (c *WindowCounts) Add(f *File) {
	for _, w := range f.windows {
		c.seen[w.fp]++
		c.counts.add(w.fp)
	}
}

// Remove takes f's windows out, f having been added.
func (c *WindowCounts) Remove(f *File) {
	for _, w := range f.windows {
		if n := c.seen[w.fp] - 1; n > 0 {
			c.seen[w.fp] = n
		} else {
			delete(c.seen, w.fp)
		}
		c.counts.remove(w.fp)
	}
}

// repeated is sketch.repeated over the counts.
func (c *WindowCounts) repeated(fp uint64, maxCount int) bool {
	return c.seen[fp] >= 2 && (maxCount <= 0 || c.counts.estimate(fp) <= uint32(maxCount))
}
