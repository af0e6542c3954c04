package cli

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// Changes is what the change flags set: compare with a revision, a merge
// base or a diff, and report only the classes the change touches.
type Changes struct {
	NewFromRev       string  // -new-from-rev
	NewFromMergeBase string  // -new-from-merge-base
	Diff             string  // -diff FILE, "-" for standard input
	MaxNew           float64 // -max-new-duplication PCT; <0: no gate
	maxNew           string  // -max-new-duplication as given
	FailOnTwins      bool    // -fail-on-twins: a forgotten twin sets the exit status
	// ctx ends the git commands the change runs (see
	// change.OpenAtContext); nil: nothing does.
	ctx context.Context
	// took is what finding the change took, for -stats: git's lookup of
	// the revision (and merge base) and the diff's steps.
	took struct {
		lookup time.Duration
		diff   change.DiffTime
	}
}

// changeFlags registers the change flags on fs.
func (ch *Changes) changeFlags(fs *flag.FlagSet) {
	fs.StringVar(&ch.NewFromRev, "new-from-rev", "", "report only the classes a change since `rev` touches: copies it adds, twins it forgets, classes it grows")
	fs.StringVar(&ch.NewFromMergeBase, "new-from-merge-base", "", "as -new-from-rev, from the merge base of `ref` and HEAD (a pull request's base branch)")
	fs.StringVar(&ch.Diff, "diff", "", "as -new-from-rev, for the change a unified diff `file` holds (- for standard input)")
	fs.StringVar(&ch.maxNew, "max-new-duplication", "", "with a change, fail when the copies it adds hold more than `pct` percent of the lines it adds")
	fs.BoolVar(&ch.FailOnTwins, "fail-on-twins", false, "with a change, fail on a forgotten twin too, not only on the copies it adds")
}

// active reports whether a change was asked for.
func (ch *Changes) active() bool {
	return ch.NewFromRev != "" || ch.NewFromMergeBase != "" || ch.Diff != ""
}

// checkChanges reads -max-new-duplication and refuses flags that
// disagree.
func (ch *Changes) checkChanges() error {
	ch.MaxNew = -1
	if ch.maxNew != "" {
		v, err := strconv.ParseFloat(strings.TrimSuffix(ch.maxNew, "%"), 64)
		if err != nil || !(v >= 0 && v <= 100) { // NaN too
			return fmt.Errorf("-max-new-duplication must be a percentage from 0 to 100, not %q", ch.maxNew)
		}
		ch.MaxNew = v
	}
	n := 0
	for _, s := range []string{ch.NewFromRev, ch.NewFromMergeBase, ch.Diff} {
		if s != "" {
			n++
		}
	}
	switch {
	case n > 1:
		return errors.New("-new-from-rev, -new-from-merge-base and -diff each name the change: give one")
	case ch.MaxNew >= 0 && n == 0:
		return errors.New("-max-new-duplication needs a change: -new-from-rev, -new-from-merge-base or -diff")
	case ch.FailOnTwins && n == 0:
		return errors.New("-fail-on-twins needs a change: -new-from-rev, -new-from-merge-base or -diff")
	}
	return nil
}

// start finds the change: from git for a revision or a merge base, from
// a diff file else, whose names are relative to the repository's root
// when the working directory is in one, else to the working directory.
// A bad diff is an error at once; the revision is looked up while the
// tree is walked, and fail is called at once if it is missing. git's
// diff of the working tree begins then, and goes on, given the statuses
// the walk found (loaded, nil for a diff file), while clones are found;
// wait returns it, with the files detection read that git does not
// track, new whole.
func (ch *Changes) start(stdin io.Reader, fail func(error)) (wait func() (*change.Change, error), saw func(load.Status), loaded func(), err error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, nil, nil, err
	}
	if ch.Diff == "" {
		wait, saw, loaded := ch.startRev(wd, fail)
		return wait, saw, loaded, nil
	}
	repo, repoErr := change.OpenContext(cmp.Or(ch.ctx, context.Background()), wd)
	r := stdin
	if ch.Diff != "-" {
		f, err := os.Open(ch.Diff)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("-diff: %w", err)
		}
		defer f.Close()
		r = f
	}
	files, deleted, err := change.ParseDiffDeleted(r)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("-diff %s: %w", ch.Diff, err)
	}
	root := wd
	if repoErr == nil {
		root = repo.Root
	}
	files = change.Unprefixed(root, files, deleted)
	// Go files alone, as git is asked for -new-from-rev's diff: a
	// README's lines counted among the lines the change added, and
	// lowered the share -max-new-duplication judges.
	maps.DeleteFunc(files, func(_ string, f *change.File) bool { return !isGo(f.Name) && !isGo(f.Old) })
	deleted = slices.DeleteFunc(deleted, func(f *change.File) bool { return !isGo(f.Old) })
	c := change.NewChange(root, files)
	if repoErr == nil {
		diffBase(c, repo, files, deleted)
	}
	return func() (*change.Change, error) { return c, nil }, nil, nil, nil
}

// isGo reports whether name is a Go file's, as git's pathspec *.go has it.
func isGo(name string) bool { return strings.HasSuffix(name, ".go") }

// A changeError stops a run with a change: its base revision is missing.
type changeError struct{ error }

// startRev is start for -new-from-rev and -new-from-merge-base: the
// repository's root and the revision are found by one run of git, and
// the merge base by a second, while the tree is walked.
func (ch *Changes) startRev(wd string, fail func(error)) (wait func() (*change.Change, error), saw func(load.Status), loaded func()) {
	rev := ch.NewFromRev
	if ch.NewFromMergeBase != "" {
		rev = ch.NewFromMergeBase
	}
	type opened struct {
		repo    *change.Repo
		commit  string
		diffing *change.Diffing
		err     error
	}
	open := make(chan opened, 1)
	go func() {
		t0 := time.Now()
		repo, commit, err := change.OpenAtContext(cmp.Or(ch.ctx, context.Background()), wd, rev)
		if err == nil && ch.NewFromMergeBase != "" {
			commit, err = repo.MergeBaseOf(commit, rev)
		}
		if errors.Is(err, change.ErrNoRepository) {
			// It said git's words alone, and no other way.
			err = fmt.Errorf("%w; outside a repository, give the change as a unified diff (-diff FILE, or -diff - for standard input)", err)
		}
		ch.took.lookup = time.Since(t0)
		if err != nil {
			fail(err)
			open <- opened{err: err}
			return
		}
		open <- opened{repo, commit, repo.StartDiff(wd, commit), nil}
	}()
	base := sync.OnceValue(func() opened { return <-open })
	// The statuses loading's workers find, kept for the diff.
	var mu sync.Mutex
	var seen []change.Seen
	saw = func(s load.Status) {
		mu.Lock()
		seen = append(seen, change.Seen{Name: s.Path, Stat: change.StatOf(s.Info), Read: s.Read})
		mu.Unlock()
	}
	type diffed struct {
		files     map[string]*change.File
		deleted   []*change.File
		untracked []string
		err       error
	}
	finish := sync.OnceValue(func() diffed {
		o := base()
		if o.err != nil {
			return diffed{err: o.err}
		}
		mu.Lock()
		defer mu.Unlock()
		files, deleted, untracked, err := o.diffing.Finish(seen)
		ch.took.diff = o.diffing.Time
		return diffed{files, deleted, untracked, err}
	})
	loaded = func() { go finish() }
	return func() (*change.Change, error) {
		d := finish()
		if d.err != nil {
			return nil, d.err
		}
		o := base()
		news, err := o.repo.NewFiles(d.untracked)
		if err != nil {
			return nil, err
		}
		for name, f := range news {
			if d.files[name] == nil {
				d.files[name] = f
			}
		}
		ch := change.NewChange(o.repo.Root, d.files)
		ch.Base, ch.BaseID = func(names []string, max int64) (map[string][]byte, map[string]int64, error) {
			return o.repo.Blobs(o.commit, names, max)
		}, o.commit
		ch.Deleted = d.deleted
		return ch, nil
	}, saw, loaded
}

// changeStats adds, with -stats, what finding the change from git took:
// steps that run beside loading and detection, not after them.
func (c *Config) changeStats() {
	if c.run == nil || c.NewFromRev == "" && c.NewFromMergeBase == "" {
		return
	}
	t := c.took
	diffed := "all Go files"
	if t.diff.Named >= 0 {
		diffed = report.Count(t.diff.Named, "file", "files")
	}
	c.run.AddPhase("change: the revision (git rev-parse)", t.lookup, false)
	c.run.AddPhase("change: files staged (git diff-index)", t.diff.Staged, false)
	c.run.AddPhase("change: statuses against git's index", t.diff.Compared, false)
	c.run.AddPhase("change: git diff of "+diffed, t.diff.Diff, false)
}

// diffBase gives c, a change that a diff names, the base its old files
// are when the diff is git's (its index lines name every old file's
// object) and the repository holds their objects: what a base revision
// gives -new-from-rev, read by object ID. The base is named by the
// objects, for the index.
func diffBase(c *change.Change, repo *change.Repo, files map[string]*change.File, deleted []*change.File) {
	blobs := map[string]string{} // old name → object ID
	edits := map[string]string{} // old name → what the diff did to it
	for _, f := range append(slices.Collect(maps.Values(files)), deleted...) {
		switch {
		case f.New:
		case f.OldBlob == "":
			return // not git's diff, or without its objects' IDs
		default:
			blobs[f.Old] = f.OldBlob
			edits[f.Old] = fmt.Sprint(f.Name, f.OldEdits(), f.Added)
		}
	}
	h := sha256.New()
	for _, old := range slices.Sorted(maps.Keys(blobs)) {
		fmt.Fprintf(h, "%q %s %s\n", old, blobs[old], edits[old])
	}
	c.BaseID = "diff " + hex.EncodeToString(h.Sum(nil))
	c.Deleted = deleted
	c.Base = func(names []string, max int64) (map[string][]byte, map[string]int64, error) {
		specs := make([]string, len(names))
		for i, name := range names {
			specs[i] = blobs[name]
		}
		objs, big, err := repo.Objects(specs, max)
		if err != nil {
			return nil, nil, err
		}
		out, large := map[string][]byte{}, map[string]int64{}
		for i, name := range names {
			if b, ok := objs[specs[i]]; ok && specs[i] != "" {
				out[name] = b
			} else if n, ok := big[specs[i]]; ok && specs[i] != "" {
				large[name] = n
			}
		}
		return out, large, nil
	}
}

// judge keeps the classes the change touches, each with its verdict, in
// their order. They are listed by the rules of a run over the tree: a
// class in tests, in examples or copied on purpose is left out, counted,
// and -all lists it. Read blind over the commits of real repositories,
// new copies in tests were 8 of 64 labels actionable, as test classes of
// a tree read (readings 28, 76 and 77), and forgotten twins in tests
// needed the change in none of 39 (reading 28); copies of a category on
// purpose 0 of 4 (reading 76). A forgotten twin's untouched copies that
// hold the edit already are read with read (see change.Change.Hold).
func judge(ch *change.Change, classes []fingerprint.Class, read func(string) ([]byte, error)) ([]fingerprint.Class, []change.Verdict) {
	var kept []fingerprint.Class
	var verdicts []change.Verdict
	files := map[string][]byte{} // read once, whatever the classes that name them
	cached := func(name string) ([]byte, error) {
		if src, ok := files[name]; ok {
			return src, nil
		}
		src, err := read(name)
		if err == nil {
			files[name] = src
		}
		return src, err
	}
	for _, c := range classes {
		v := ch.Judge(c)
		ch.Hold(c, &v, cached)
		if v.Kind != "" {
			kept = append(kept, c)
			verdicts = append(verdicts, v)
		}
	}
	return kept, verdicts
}

// splitListed keeps in classes and verdicts the listed classes, each
// with its verdict, and returns the others.
func splitListed(classes []fingerprint.Class, verdicts []change.Verdict) ([]fingerprint.Class, []change.Verdict, []fingerprint.Class) {
	var left []fingerprint.Class
	n := 0
	for i, c := range classes {
		if !report.Listed(c) {
			left = append(left, c)
			continue
		}
		classes[n], verdicts[n] = c, verdicts[i]
		n++
	}
	return classes[:n], verdicts[:n], left
}

// rankJudged ranks classes as report.Rank does and moves each verdict
// with its class: the verdict of class i is verdicts[i] before and after.
func rankJudged(classes []fingerprint.Class, verdicts []change.Verdict, src report.FileSource, order string) {
	report.Rank(classes, src, report.SortPosition) // scores them, in place
	if order != report.SortRank {
		return
	}
	idx := make([]int, len(classes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(classes[b].Signal.Score, classes[a].Signal.Score) })
	cs, vs := make([]fingerprint.Class, len(idx)), make([]change.Verdict, len(idx))
	for k, i := range idx {
		cs[k], vs[k] = classes[i], verdicts[i]
	}
	copy(classes, cs)
	copy(verdicts, vs)
}

// changeFindings counts the classes that set the exit status of a run
// over a change: those with a copy the change pasted (a new copy, one
// more copy of code already copied: a copy the change adds, as the first
// was) and, with twins (-fail-on-twins), forgotten twins; not a class
// whose copies all grew alike. A forgotten twin alone is said and
// listed but sets no exit status by default: read blind over the commits
// of real repositories, the twin needed the change in 5 of 61 (readings
// 28, 76 and 77), and forgotten twins alone were 34 of the 49 commits of
// reading 76 a gate on them failed, against new production copies
// actionable about one time in two (bench/readings/2026-12-06-r76.md).
func changeFindings(verdicts []change.Verdict, twins bool) int {
	n := 0
	for _, v := range verdicts {
		if v.Kind == change.New || slices.Contains(v.New, true) || v.Kind == change.ForgottenTwin && twins {
			n++
		}
	}
	return n
}

// newDuplication returns the lines of the new copies the change added,
// and the lines it added to the files the run read (files): lines added
// to a generated file, to one .duplignore leaves out or outside the
// paths named cannot be copies the run finds, and counted they diluted
// the share -max-new-duplication judges. Of the other lines it added, it
// counts those in code held back as boilerplate (boiler, by file): code
// pasted once more than -max-occurrences allows makes no class, and the
// report says so rather than "0 of the 16 lines it added copy other
// code" alone.
func newDuplication(ch *change.Change, files []*fingerprint.File, classes []fingerprint.Class, verdicts []change.Verdict, boiler map[string][]fingerprint.LineRange) report.ChangeStats {
	var s report.ChangeStats
	for _, f := range files {
		if cf := ch.File(f.Name); cf != nil {
			s.AddedLines += cf.AddedLines()
		}
	}
	copies := map[string][]fingerprint.LineRange{}
	for i, c := range classes {
		for j, f := range c.Fragments {
			if verdicts[i].New[j] {
				copies[f.File] = append(copies[f.File], fingerprint.LineRange{Start: f.Start.Line, End: f.End.Line})
			}
		}
	}
	s.NewDuplicated = ch.AddedWithin(copies)
	if len(boiler) > 0 {
		both := maps.Clone(copies)
		for name, rs := range boiler {
			both[name] = append(slices.Clone(both[name]), rs...)
		}
		s.Boilerplate = ch.AddedWithin(both) - s.NewDuplicated
	}
	for _, v := range verdicts {
		s.New += report.NewCopies(v)
		for _, from := range v.MovedFrom {
			if from.File != "" {
				s.Moved++
			}
		}
		switch v.Kind {
		case change.ForgottenTwin:
			s.ForgottenTwins++
		case change.Grown:
			s.Grown++
		case change.Removed:
			s.Removed++
		}
	}
	return s
}
