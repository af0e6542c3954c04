package lsp

import (
	"slices"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/report"
)

// An index holds every file of the workspace, normalised, and the clone
// classes among them, and updates both one file at a time.
//
// Two files share a clone only if they share a window fingerprint (a key,
// see fingerprint.File.Keys) or, for a near-miss clone, enough k-grams
// with one unit of the other, so the index keeps, for every key, the files
// that have it. When a file changes, detection runs on that file, the
// files sharing a key with it (see neighbours), and the files of its
// former clones; keys shared by more than MaxOccurrences files are
// boilerplate and bring no one in.
//
// An index is not safe for concurrent use.
type index struct {
	opt fingerprint.Options
	// verdicts are the near-miss candidates' verdicts of the updates so
	// far (at most maxVerdicts), given to the next: an edit re-detects the
	// clones of a file and its neighbours, and without them aligned every
	// unit of a 4,000-line file again (210-240 ms a paste, against 5-7
	// without near-miss clones).
	verdicts *fingerprint.Verdicts
	// counts are the workspace's counts that an edit's detection is given,
	// kept up to date at every edit (fingerprint.CorpusCounts); nil when
	// its options need none.
	counts *fingerprint.CorpusCounts
	// read reads a file whose Facts were not loaded with it, to find a
	// class's category (see categorise); nil: such a file has none.
	read func(name string) ([]byte, error)

	ids   map[string]int32 // file path -> id
	names []string
	files []*fingerprint.File // by id; nil once removed

	windows keyTable // window fingerprints (fingerprint.File.Keys)
	grams   keyTable // with near-miss clones on, k-gram hashes (NearKeys)

	classes map[string]*fingerprint.Class // by class ID
	byFile  map[string]map[string]bool    // path -> IDs of the classes with a fragment in it

	// sums are the blake3 sums of the bytes of the files as indexed, by
	// path, where known (see summingStore).
	sums map[string][32]byte
	// problems are the malformed suppression directives of each file
	// that has any, by path: the command line warns of them (and its exit
	// status says them), the editor shows them on their lines.
	problems map[string][]ignore.Problem
	// work counts the files the updates ran detection over (tests bound
	// it).
	work int

	stats *report.RunStats // what the last build counted
	// warnings name the engine's caps that the last build reached.
	warnings []string
}

// maxVerdicts bounds the verdicts an index keeps (40 bytes each).
const maxVerdicts = 1 << 20

func newIndex(opt fingerprint.Options) *index {
	return &index{
		opt:      opt,
		verdicts: (*fingerprint.Verdicts)(nil).Merge(opt.Verdicts, maxVerdicts), // a copy: the store's stay its own
		ids:      map[string]int32{},
		windows:  keyTable{keys: map[uint64]uint32{}},
		grams:    keyTable{keys: map[uint64]uint32{}},
		classes:  map[string]*fingerprint.Class{},
		byFile:   map[string]map[string]bool{},
		sums:     map[string][32]byte{},
	}
}

// build indexes a whole workspace at once and returns the paths that have
// clones.
func (x *index) build(files []*fingerprint.File) []string {
	paths, _ := x.buildFrom(files, nil)
	return paths
}

// buildFrom is build with the result of detection over files, when found
// is not nil: the index's, from an earlier run over the same contents. It
// also returns the result it used.
func (x *index) buildFrom(files []*fingerprint.File, found *fingerprint.Result) ([]string, fingerprint.Result) {
	windows := 0
	for _, f := range files {
		windows += f.Windows()
	}
	x.counts = fingerprint.NewCorpusCounts(x.opt, windows)
	for _, f := range files {
		id := x.intern(f.Name)
		x.files[id] = f
		x.addKeys(id, f)
		if x.counts != nil {
			x.counts.Add(f)
		}
	}
	if x.counts != nil {
		x.counts.Corpus() // the shared keys sorted now, not at the first edit
	}
	affected := map[string]bool{}
	var res fingerprint.Result
	if found != nil {
		res = *found
	} else {
		res = fingerprint.Run(files, x.opt)
	}
	x.categorise(res.Classes, files)
	x.stats = report.NewRunStats(res)
	x.warnings = res.Warnings
	for _, c := range res.Classes {
		x.addClass(c, affected)
	}
	return sortedKeys(affected), res
}

// categorise finds the category of each class not categorised yet from
// the Facts of its files, as the command line does (report.Categorise),
// and with it what is said of its drift: a step that one of two inverse
// operations or one test case lacks, or that a copy made on purpose
// lacks on a field only its twin has, is the copy's own, and the editor
// warns of a drift only where the command line says one.
func (x *index) categorise(classes []fingerprint.Class, files []*fingerprint.File) {
	other := func(string) *fingerprint.Facts { return nil }
	if x.read != nil {
		other = report.ReadFacts(x.read)
	}
	report.Categorise(classes, report.LoadedFacts(files, other))
}

func (x *index) intern(path string) int32 {
	id, ok := x.ids[path]
	if !ok {
		id = int32(len(x.names))
		x.ids[path] = id
		x.names = append(x.names, path)
		x.files = append(x.files, nil)
	}
	return id
}

func (x *index) file(path string) *fingerprint.File {
	if id, ok := x.ids[path]; ok {
		return x.files[id]
	}
	return nil
}

// addKeys and removeKeys record and forget a file's keys.
func (x *index) addKeys(id int32, f *fingerprint.File) {
	x.windows.add(id, f.Keys())
	if x.opt.Near {
		x.grams.add(id, f.NearKeys())
	}
}

func (x *index) removeKeys(id int32, f *fingerprint.File) {
	x.windows.remove(id, f.Keys())
	if x.opt.Near {
		x.grams.remove(id, f.NearKeys())
	}
}

// neighbours lists the files other than id that f can share a clone with:
// those sharing a window fingerprint, and, with near-miss clones on,
// those sharing fingerprint.NearMinShared k-grams with one near-miss unit
// of f (a near-miss candidate shares as many with its twin). Keys shared
// by too many files (MaxOccurrences for windows, fingerprint.NearKeyLimit
// for k-grams) are boilerplate and bring no one in. Counted over the
// whole of f, a file of 4,000 lines shared three k-grams with a third of
// the standard library, which every edit of it detected again (net/http's
// server.go: 1,540 files, against about 170 by its units).
func (x *index) neighbours(id int32, f *fingerprint.File, seen map[int32]bool) []int32 {
	var out []int32
	x.windows.shared(f.Keys(), x.opt.MaxOccurrences, func(i int32) {
		if i != id && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	})
	if !x.opt.Near {
		return out
	}
	near := map[int32]bool{}
	count := map[int32]int{}
	f.EachNearUnit(x.opt, func(keys []uint64) {
		clear(count)
		x.grams.shared(keys, fingerprint.NearKeyLimit, func(i int32) {
			if i != id && !seen[i] {
				if count[i]++; count[i] == fingerprint.NearMinShared {
					near[i] = true
				}
			}
		})
	})
	ids := make([]int32, 0, len(near))
	for i := range near {
		ids = append(ids, i)
		seen[i] = true
	}
	slices.Sort(ids)
	return append(out, ids...)
}

// A keyTable maps keys to the files that have them. A key held by one
// file maps to its id; a key held by more maps, with multiFiles set, to a
// slot of multi that lists them. Most keys belong to one file, so this
// costs a few bytes a key.
type keyTable struct {
	keys  map[uint64]uint32
	multi [][]int32
	free  []uint32 // unused slots of multi
}

const multiFiles = 1 << 31

func (t *keyTable) add(id int32, keys []uint64) {
	for _, k := range keys {
		v, ok := t.keys[k]
		switch {
		case !ok:
			t.keys[k] = uint32(id)
		case v&multiFiles == 0:
			t.keys[k] = multiFiles | t.newSlot([]int32{int32(v), id})
		default:
			slot := v &^ multiFiles
			t.multi[slot] = append(t.multi[slot], id)
		}
	}
}

func (t *keyTable) newSlot(ids []int32) uint32 {
	if n := len(t.free); n > 0 {
		s := t.free[n-1]
		t.free = t.free[:n-1]
		t.multi[s] = ids
		return s
	}
	t.multi = append(t.multi, ids)
	return uint32(len(t.multi) - 1)
}

func (t *keyTable) remove(id int32, keys []uint64) {
	for _, k := range keys {
		v, ok := t.keys[k]
		switch {
		case !ok:
		case v&multiFiles == 0:
			if int32(v) == id {
				delete(t.keys, k)
			}
		default:
			slot := v &^ multiFiles
			ids := slices.DeleteFunc(t.multi[slot], func(i int32) bool { return i == id })
			t.multi[slot] = ids
			if len(ids) == 1 {
				t.keys[k] = uint32(ids[0])
				t.multi[slot] = nil
				t.free = append(t.free, slot)
			}
		}
	}
}

// shared calls fn for every file holding one of keys, once per key,
// leaving out keys held by more than limit files (0: no limit).
func (t *keyTable) shared(keys []uint64, limit int, fn func(int32)) {
	for _, k := range keys {
		v, ok := t.keys[k]
		switch {
		case !ok:
		case v&multiFiles == 0:
			fn(int32(v))
		default:
			ids := t.multi[v&^multiFiles]
			if limit > 0 && len(ids) > limit {
				continue
			}
			for _, i := range ids {
				fn(i)
			}
		}
	}
}

// update replaces the file at path with f (nil removes it) and returns
// the paths whose clones may have changed, sorted.
func (x *index) update(path string, f *fingerprint.File) []string {
	return x.updateAll([]fileChange{{path: path, file: f}})
}

// A fileChange is a file of the index replaced: its path, and its new
// fingerprints (nil: it is gone).
type fileChange struct {
	path     string
	file     *fingerprint.File
	problems []ignore.Problem // its malformed directives
}

// updateAll is update for files changed together (a burst of edits, a
// rename across many files, the buffers queued after indexing), each path
// once: the files they and their former clones share code with are
// detected once for all, not once for each (every file of a class of
// thousands, for each of its files).
func (x *index) updateAll(changes []fileChange) []string {
	changes = append(changes, x.crossing(changes)...)
	affected := map[string]bool{}
	changed := map[string]bool{}
	for _, ch := range changes {
		affected[ch.path], changed[ch.path] = true, true
		x.setProblems(ch.path, ch.problems)
	}
	// The clones that had a fragment in the files go; the files they
	// joined are compared again, to find what remains among them.
	formerly := map[string]bool{}
	for _, ch := range changes {
		for cid := range x.byFile[ch.path] {
			c := x.classes[cid]
			x.removeClass(c, affected)
			for _, fr := range c.Fragments {
				if !changed[fr.File] {
					formerly[fr.File] = true
				}
			}
		}
	}
	for _, ch := range changes {
		id, known := x.ids[ch.path]
		if known && x.files[id] != nil {
			x.removeKeys(id, x.files[id])
			if x.counts != nil {
				x.counts.Remove(x.files[id])
			}
			x.files[id] = nil
		}
	}
	seen := map[int32]bool{}
	var group []*fingerprint.File
	var ids []int32
	for _, ch := range changes {
		if ch.file == nil {
			continue
		}
		id := x.intern(ch.path)
		x.files[id] = ch.file
		x.addKeys(id, ch.file)
		if x.counts != nil {
			x.counts.Add(ch.file)
		}
		seen[id] = true
		group = append(group, ch.file)
		ids = append(ids, id)
	}
	for _, id := range ids {
		for _, n := range x.neighbours(id, x.files[id], seen) {
			group = append(group, x.files[n])
		}
	}
	for _, p := range sortedKeys(formerly) {
		if i, ok := x.ids[p]; ok && x.files[i] != nil && !seen[i] {
			seen[i] = true
			group = append(group, x.files[i])
		}
	}
	if len(group) == 0 {
		return sortedKeys(affected)
	}
	addedIn := map[string]bool{} // the files of the classes added
	opt := x.opt
	if opt.Near {
		// The verdicts of the updates before: a unit the edit left as
		// it was is not aligned again with the same neighbour.
		opt.Verdicts = x.verdicts
		if opt.Verdicts == nil {
			opt.Verdicts = &fingerprint.Verdicts{}
		}
	}
	if x.counts != nil {
		// The group's run counts windows and near keys as a whole run would.
		opt.Corpus = x.counts.Corpus()
	}
	// Only the classes the edits can have changed: those of the changed
	// files, and those among the files their former classes joined.
	focus := sortedKeys(formerly)
	for _, ch := range changes {
		focus = append(focus, ch.path)
	}
	x.work += len(group)
	res := fingerprint.RunFocused(group, opt, focus)
	x.verdicts = x.verdicts.Merge(res.Verdicts, maxVerdicts)
	x.categorise(res.Classes, group)
	for _, c := range res.Classes {
		if touchesAny(c, changed) || (within(c, formerly) && x.classes[c.ID] == nil) {
			x.addClass(c, affected)
			for _, fr := range c.Fragments {
				addedIn[fr.File] = true
			}
		}
	}
	x.dropContained(addedIn, affected)
	return sortedKeys(affected)
}

// crossing returns, as changes that leave them as they are, the files
// not among changes that hold a window fingerprint the changes move
// across MaxOccurrences: held back as boilerplate before and not after,
// or the other way round. Their classes change with the counts (three
// more copies of a function make its ten copies boilerplate, and every
// class of them goes; taking them out again brings the classes back),
// so they are detected again with the changed files.
func (x *index) crossing(changes []fileChange) []fileChange {
	if x.counts == nil {
		return nil
	}
	var keys []uint64
	var olds []*fingerprint.File
	for _, ch := range changes {
		if id, ok := x.ids[ch.path]; ok && x.files[id] != nil {
			olds = append(olds, x.files[id])
			keys = append(keys, x.files[id].Keys()...)
		}
		if ch.file != nil {
			keys = append(keys, ch.file.Keys()...)
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	before := make([]bool, len(keys))
	for i, k := range keys {
		before[i] = x.counts.HeldBack(k)
	}
	// The counts as the changes leave them, then as they were.
	recount := func(remove, add []*fingerprint.File) {
		for _, f := range remove {
			x.counts.Remove(f)
		}
		for _, f := range add {
			x.counts.Add(f)
		}
	}
	var news []*fingerprint.File
	for _, ch := range changes {
		if ch.file != nil {
			news = append(news, ch.file)
		}
	}
	recount(olds, news)
	var crossed []uint64
	for i, k := range keys {
		if x.counts.HeldBack(k) != before[i] {
			crossed = append(crossed, k)
		}
	}
	recount(news, olds)
	if len(crossed) == 0 {
		return nil
	}
	listed := map[string]bool{}
	for _, ch := range changes {
		listed[ch.path] = true
	}
	var ids []int32
	x.windows.shared(crossed, 0, func(i int32) {
		if !listed[x.names[i]] {
			listed[x.names[i]] = true
			ids = append(ids, i)
		}
	})
	slices.Sort(ids)
	out := make([]fileChange, len(ids))
	for j, i := range ids {
		out[j] = fileChange{path: x.names[i], file: x.files[i], problems: x.problems[x.names[i]]}
	}
	return out
}

// dropContained removes the classes that contain one another since
// classes were added in the given files (see fingerprint.DropContained),
// as a full detection would. A class and its container share every file
// of the smaller one, so the classes of those files are all it compares.
func (x *index) dropContained(files, affected map[string]bool) {
	ids := map[string]bool{}
	for f := range files {
		for id := range x.byFile[f] {
			ids[id] = true
		}
	}
	if len(ids) < 2 {
		return
	}
	all := make([]fingerprint.Class, 0, len(ids))
	for _, id := range sortedKeys(ids) {
		all = append(all, *x.classes[id])
	}
	kept := fingerprint.DropContained(all)
	if len(kept) == len(all) {
		return
	}
	stay := make(map[string]bool, len(kept))
	for _, c := range kept {
		stay[c.ID] = true
	}
	for _, c := range all {
		if !stay[c.ID] {
			x.removeClass(x.classes[c.ID], affected)
		}
	}
}

// touches reports whether c has a fragment in path.
// touchesAny reports whether c has a fragment in one of the files.
func touchesAny(c fingerprint.Class, files map[string]bool) bool {
	for _, fr := range c.Fragments {
		if files[fr.File] {
			return true
		}
	}
	return false
}

// within reports whether all of c's fragments lie in the given files.
func within(c fingerprint.Class, files map[string]bool) bool {
	for _, fr := range c.Fragments {
		if !files[fr.File] {
			return false
		}
	}
	return true
}

// addClass records c; a class with the same ID (the same content) already
// known gains c's fragments.
func (x *index) addClass(c fingerprint.Class, affected map[string]bool) {
	if old := x.classes[c.ID]; old != nil {
		x.removeClass(old, affected)
		c.Fragments = mergeFragments(old.Fragments, c.Fragments)
	}
	x.classes[c.ID] = &c
	for _, fr := range c.Fragments {
		affected[fr.File] = true
		set := x.byFile[fr.File]
		if set == nil {
			set = map[string]bool{}
			x.byFile[fr.File] = set
		}
		set[c.ID] = true
	}
}

func (x *index) removeClass(c *fingerprint.Class, affected map[string]bool) {
	delete(x.classes, c.ID)
	for _, fr := range c.Fragments {
		affected[fr.File] = true
		if set := x.byFile[fr.File]; set != nil {
			delete(set, c.ID)
			if len(set) == 0 {
				delete(x.byFile, fr.File)
			}
		}
	}
}

// mergeFragments joins two fragment lists in file order, without repeats.
func mergeFragments(a, b []fingerprint.Fragment) []fingerprint.Fragment {
	all := slices.Concat(a, b)
	slices.SortFunc(all, fingerprint.CompareFragments)
	return slices.CompactFunc(all, func(p, q fingerprint.Fragment) bool { return fingerprint.CompareFragments(p, q) == 0 })
}

// classesOf returns the classes with a fragment in path, in a stable
// order.
func (x *index) classesOf(path string) []*fingerprint.Class {
	ids := sortedKeys(x.byFile[path])
	cs := make([]*fingerprint.Class, 0, len(ids))
	for _, id := range ids {
		cs = append(cs, x.classes[id])
	}
	return cs
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// setProblems records the malformed directives of the file at path.
func (x *index) setProblems(path string, ps []ignore.Problem) {
	if len(ps) == 0 {
		delete(x.problems, path)
		return
	}
	if x.problems == nil {
		x.problems = map[string][]ignore.Problem{}
	}
	x.problems[path] = ps
}
