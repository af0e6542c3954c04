package mutation_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/mutation"
	"github.com/copycat-go/copycat/internal/par"
)

// The drift benchmark's bars: the least share of drift bugs flagged with
// the kind right, and the most share of controls called divergent. The
// renamed copies have a bar of their own: a guard on a field or method
// only the twin names, which one function written in two places lets
// through (docs/drift.md, "What does not count"), is dropped once the
// copy's function has another name, and renaming gives it one; 89.5%
// were flagged when they were added, 77.5% before drift read a renamed
// local as the twin's (removed guards 1 of 40, then 25).
const (
	driftBar        = 0.90
	renamedDriftBar = 0.85
	controlBar      = 0.05
)

// driftMisses is how many missed examples the report shows per bug.
const driftMisses = 5

// A driftTrial is one function, its host, one drift bug given to a copy
// of it, a control copy edited in parallel, and the buggy copy with its
// declared names renamed (pasted and adapted).
type driftTrial struct {
	fn      mutation.Func
	host    string
	after   int
	bug     mutation.DriftBug
	mutant  mutation.Mutant // the copy with the bug
	control mutation.Mutant // the copy edited as a per-type variant
	renamed mutation.Mutant // the copy with the bug, its declared names renamed; no Src if none could be
}

// The copies a trial runs, in driftOutcome order.
const (
	asPasted = iota
	control
	renamed
	copies
)

// TestDriftRecall copies real functions of the standard library into
// unrelated files with one drift bug each (a removed guard or error-path
// assignment, two swapped arguments, a name left unrenamed), runs the
// engine on the original's file and the host, and measures how many
// bugs it flags with the right kind of drift. Control copies of the same
// functions, edited in parallel as per-type variants are, must not be
// called divergent.
func TestDriftRecall(t *testing.T) {
	root := goroot(t)
	corpus, err := mutation.Load(filepath.Join(root, "src"), packages, minLines, maxLines, minTokens)
	if err != nil {
		t.Fatal(err)
	}
	runDriftTrials(t, root, corpus, mutation.DriftBugs, numFuncs)
}

// TestDriftRecallReturn measures the bug added after TestDriftRecall's
// trials were set, a return on an error path removed, on trials of its
// own, against the same bars.
func TestDriftRecallReturn(t *testing.T) { runOwnTrials(t, mutation.RemovedErrorReturn) }

// TestDriftRecallCrossed measures the crossed operand (an if that tests
// one field and uses another where its twin tests and uses the same), a
// step added after TestDriftRecall's trials were set, on trials of its
// own, against the same bars.
func TestDriftRecallCrossed(t *testing.T) { runOwnTrials(t, mutation.CrossedOperand) }

// TestDriftRecallUnindexed measures a name left unindexed (a copy that
// stands for its twin's x with y[k] everywhere but once), a step added
// after TestDriftRecall's trials were set, on trials of its own, against
// the same bars.
func TestDriftRecallUnindexed(t *testing.T) { runOwnTrials(t, mutation.LeftUnindexed) }

// TestDriftRecallConstant measures a constant not adapted (a copy that
// names one member of a package for two of its twin's, in a statement
// with a string), a step added after TestDriftRecall's trials were set,
// on trials of its own, against the same bars.
// Few functions of the usual packages have the shape (5 of them), so
// the trials draw from the whole standard library (81 functions).
func TestDriftRecallConstant(t *testing.T) { runStdTrials(t, mutation.UnadaptedConstant) }

// TestDriftRecallUnwrapped measures an error formatted with %v where its
// twin wraps it with %w, a step added after TestDriftRecall's trials were
// set, on trials of its own, against the same bars: weak evidence, said
// but not drifted (reading 88), so its trials count it said with its
// kind. Few functions of the usual packages call fmt.Errorf with %w, so
// the trials draw from the whole standard library.
func TestDriftRecallUnwrapped(t *testing.T) { runStdTrials(t, mutation.UnwrappedError) }

// TestDriftRecallOpposite measures a copy renamed to the opposite
// operation whose body was left the original's (dapr's VisitNEQ, reading
// 88), a step added after TestDriftRecall's trials were set, on trials
// of its own drawn from the whole standard library. Its renamed copies
// keep their names, which are the bug, and rename the rest.
func TestDriftRecallOpposite(t *testing.T) { runStdTrials(t, mutation.OppositeName) }

// runStdTrials runs bug b, of a shape few functions of the usual
// packages have, on a fifth as many trials of its own drawn from the
// whole standard library, against the same bars.
func runStdTrials(t *testing.T, b mutation.DriftBug) {
	root := goroot(t)
	pkgs, err := mutation.StdPackages(filepath.Join(root, "src"))
	if err != nil {
		t.Fatal(err)
	}
	corpus, err := mutation.Load(filepath.Join(root, "src"), pkgs, minLines, maxLines, minTokens)
	if err != nil {
		t.Fatal(err)
	}
	runDriftTrials(t, root, corpus, []mutation.DriftBug{b}, numFuncs/5)
}

// runOwnTrials runs bug b, added after TestDriftRecall's trials were
// set, on a fifth as many trials of its own, against the same bars.
func runOwnTrials(t *testing.T, b mutation.DriftBug) {
	root := goroot(t)
	corpus, err := mutation.Load(filepath.Join(root, "src"), packages, minLines, maxLines, minTokens)
	if err != nil {
		t.Fatal(err)
	}
	runDriftTrials(t, root, corpus, []mutation.DriftBug{b}, numFuncs/5)
}

// runDriftTrials gives n functions of corpus the bugs in turn, and
// reports and checks what the engine makes of them.
func runDriftTrials(t *testing.T, root string, corpus *mutation.Corpus, bugs []mutation.DriftBug, n int) {
	trials := chooseDrift(t, corpus, bugs, n)
	opts := engineOptions(t)
	tmp := t.TempDir()
	results := make([][copies]driftOutcome, len(trials))
	par.For(len(trials), 0, func(_, i int) {
		results[i] = runDrift(corpus, trials[i], filepath.Join(tmp, fmt.Sprint(i)), opts)
	})
	reportDrift(t, root, trials, results, bugs)
}

// chooseDrift picks n functions in a fixed random order, giving the bugs
// in turn; a function the bug due does not apply to (or that no control
// edit applies to) is skipped for the next.
func chooseDrift(t *testing.T, c *mutation.Corpus, bugs []mutation.DriftBug, n int) []driftTrial {
	r := rand.New(rand.NewPCG(seed, 0))
	host := hostPicker(c)
	var trials []driftTrial
	for _, i := range r.Perm(len(c.Funcs)) {
		if len(trials) == n {
			break
		}
		fn := c.Funcs[i]
		tr := driftTrial{fn: fn, after: r.IntN(64), bug: bugs[len(trials)%len(bugs)]}
		tr.host = host(r, fn)
		decl := c.Src[fn.File][fn.Start:fn.End]
		mr := rand.New(rand.NewPCG(seed, uint64(i)))
		var err error
		if tr.mutant, err = mutation.MutateDrift(tr.bug, decl, mr); err != nil {
			continue
		}
		if tr.control, err = mutation.MutateDrift(mutation.ParallelEdits, decl, mr); err != nil {
			continue
		}
		// The renamed copy is the buggy one with every name it declares
		// renamed after the bug (a name left unrenamed keeps the
		// original's name, as the slip does; the lines stay), from a
		// stream of its own: the trials and their other copies are those
		// of the bench before it.
		rr := rand.New(rand.NewPCG(seed, uint64(i)|1<<32))
		rename := mutation.RenameDeclared
		if tr.bug == mutation.OppositeName {
			rename = mutation.RenameLocals // its name is the bug
		}
		if src, err := rename(tr.mutant.Src, rr); err == nil {
			tr.renamed = mutation.Mutant{Src: src, At: tr.mutant.At, Edits: append(slices.Clip(tr.mutant.Edits), "every declared name renamed")}
		}
		trials = append(trials, tr)
	}
	if len(trials) < n {
		t.Fatalf("found %d usable functions, want %d", len(trials), n)
	}
	return trials
}

// A driftOutcome is what the engine made of one copy.
type driftOutcome struct {
	found   bool     // a class covers both the original and the copy (see coverage)
	drifted bool     // a class joining them is divergent, by a drift of the copy or against it
	right   bool     // it has a drift of the bug's kind, where the bug's kind puts it
	atSite  bool     // that drift is at the lines of the bug
	said    []string // what the classes joining the copy to the original say
	err     error
	skipped bool // no renamed copy could be made
}

// runDrift writes the trial's files under dir and runs the engine on the
// original's file with the host holding the buggy copy, then the
// control copy, then the renamed buggy copy.
func runDrift(c *mutation.Corpus, tr driftTrial, dir string, opts fingerprint.Options) (out [copies]driftOutcome) {
	orig := region{filepath.Join(dir, "orig", filepath.Base(tr.fn.File)), tr.fn.Line, tr.fn.Line + tr.fn.Lines - 1}
	origFile, err := loadFile(orig.file, c.Src[tr.fn.File])
	if err != nil {
		for i := range out {
			out[i].err = err
		}
		return out
	}
	for i, m := range []mutation.Mutant{tr.mutant, tr.control, tr.renamed} {
		if m.Src == nil {
			out[i].skipped = true
			continue
		}
		hostSrc, start, err := mutation.Inject(c.Src[tr.host], m.Src, tr.after)
		if err != nil {
			out[i].err = err
			continue
		}
		first, last, err := mutation.Span(m.Src)
		if err != nil {
			out[i].err = err
			continue
		}
		line0 := bytes.Count(hostSrc[:start], []byte("\n")) + 1 // the line of the copy's first line
		cp := region{filepath.Join(dir, fmt.Sprint(i), filepath.Base(tr.host)), line0 + first, line0 + last}
		hostFile, err := loadFile(cp.file, hostSrc)
		if err != nil {
			out[i].err = err
			continue
		}
		classes := fingerprint.Detect([]*fingerprint.File{origFile, hostFile}, opts)
		want := driftWant{bug: mutation.ParallelEdits}
		if i != control {
			want = wantOf(tr, m, orig, cp, line0)
		}
		out[i] = judgeDrift(classes, orig, cp, want)
	}
	return out
}

// A driftWant is the drift a bug should be flagged with: its kind, its
// steps (for a lacked one), and where it sits.
type driftWant struct {
	bug    mutation.DriftBug
	kind   fingerprint.DriftKind
	steps  []string
	onCopy bool // the drift must be held by the copy's fragment
	// weak says that the bug's drift is weak evidence, said and not
	// drifted (Drift.Strength 1): right counts it said with its kind.
	weak bool
	orig region // the bug's lines in the original
	cp   region // its lines in the copy (for a removal, the line before and the line after)
}

func wantOf(tr driftTrial, m mutation.Mutant, orig, cp region, line0 int) driftWant {
	at := m.At
	w := driftWant{bug: tr.bug, onCopy: true, weak: weakBug(tr.bug),
		orig: region{orig.file, tr.fn.Line + at[0], tr.fn.Line + at[1]},
		cp:   region{cp.file, line0 + at[0], line0 + at[1]}}
	switch tr.bug {
	case mutation.RemovedGuard:
		w.kind, w.steps = fingerprint.DriftLacks, []string{fingerprint.StepGuard, fingerprint.StepCheck}
		w.cp = region{cp.file, line0 + at[0] - 1, line0 + at[0]}
	case mutation.RemovedErrorPath:
		// An assignment before a return of nil is said as one: the same
		// step, named for the success path it is on.
		w.kind, w.steps = fingerprint.DriftLacks, []string{fingerprint.StepErrorPath, fingerprint.StepEarlyReturn, fingerprint.StepFlag}
		w.cp = region{cp.file, line0 + at[0] - 1, line0 + at[0]}
	case mutation.RemovedErrorReturn:
		w.kind, w.steps = fingerprint.DriftLacks, []string{fingerprint.StepErrorReturn}
		w.cp = region{cp.file, line0 + at[0] - 1, line0 + at[0]}
	case mutation.SwappedArgs:
		w.kind, w.onCopy = fingerprint.DriftSwapped, false
	case mutation.LeftUnrenamed:
		w.kind = fingerprint.DriftUnrenamed
	case mutation.CrossedOperand:
		w.kind, w.steps = fingerprint.DriftUnrenamed, []string{fingerprint.StepOperand}
	case mutation.LeftUnindexed:
		w.kind, w.steps = fingerprint.DriftUnrenamed, []string{fingerprint.StepIndex}
	case mutation.UnadaptedConstant:
		w.kind, w.steps = fingerprint.DriftUnrenamed, []string{fingerprint.StepConstant}
	case mutation.UnwrappedError:
		w.kind, w.steps = fingerprint.DriftLacks, []string{fingerprint.StepWrapVerb}
	case mutation.OppositeName:
		// Which copy was pasted, the names cannot tell: the later holds it.
		w.kind, w.steps, w.onCopy = fingerprint.DriftUnrenamed, []string{fingerprint.StepOpposite}, false
	case mutation.DiscardedCheck:
		w.kind = fingerprint.DriftDiscards
		w.cp = region{cp.file, line0 + at[0], line0 + at[0]}
	}
	return w
}

// judgeDrift decides what the classes say of the copy cp of orig.
func judgeDrift(classes []fingerprint.Class, orig, cp region, want driftWant) driftOutcome {
	var o driftOutcome
	label := func(file string) string {
		if file == orig.file {
			return "orig"
		}
		return "copy"
	}
	for _, c := range classes {
		if cover(c, orig) >= coverage && cover(c, cp) >= coverage {
			o.found = true
		}
		if !touches(c, orig) || !touches(c, cp) {
			continue
		}
		var items []string
		for _, f := range c.Fragments {
			onCopy := regionOf(f).overlaps(cp)
			for _, d := range f.Drift {
				tw := c.Fragments[d.Twin]
				items = append(items, fmt.Sprintf("%s:%d %s %s %s:%d-%d", label(f.File), d.Lines.Start, d.Kind, d.Step,
					label(tw.File), d.TwinLines.Start, d.TwinLines.End))
				if !onCopy && !regionOf(tw).overlaps(cp) {
					continue
				}
				strong := d.Strength() >= 2 && c.Divergent
				o.drifted = o.drifted || strong
				if !strong && !want.weak {
					continue
				}
				if d.Kind != want.kind || want.onCopy && !onCopy || len(want.steps) > 0 && !slices.Contains(want.steps, d.Step) {
					continue
				}
				o.right = true
				here := region{f.File, d.Lines.Start, d.Lines.End}
				there := region{tw.File, d.TwinLines.Start, d.TwinLines.End}
				switch {
				case d.Kind == fingerprint.DriftLacks:
					o.atSite = o.atSite || there.overlaps(want.orig)
				case onCopy:
					o.atSite = o.atSite || here.overlaps(want.cp)
				default:
					o.atSite = o.atSite || here.overlaps(want.orig)
				}
			}
		}
		o.said = append(o.said, fmt.Sprintf("%s class %.2f orig:%d-%d copy:%d-%d divergent=%v drift=[%s]",
			c.Kind, c.Similarity, fragIn(c, orig).first, fragIn(c, orig).last,
			fragIn(c, cp).first, fragIn(c, cp).last, c.Divergent, strings.Join(items, "; ")))
	}
	if len(o.said) == 0 {
		o.said = []string{"no class joins the copy to the original"}
	}
	return o
}

// fragIn is the lines of c's first fragment overlapping r.
func fragIn(c fingerprint.Class, r region) region {
	for _, f := range c.Fragments {
		if regionOf(f).overlaps(r) {
			return regionOf(f)
		}
	}
	return region{}
}

// reportDrift logs the figures per bug, as pasted and renamed, and for
// the controls, with missed examples, and checks them against the bars.
// The bars hold for the bugs in copies as pasted and, apart, in the same
// copies renamed: a copy whose locals were renamed lacks a guard on them
// all the same.
func reportDrift(t *testing.T, root string, trials []driftTrial, results [][copies]driftOutcome, kinds []mutation.DriftBug) {
	src := filepath.Join(root, "src") + string(filepath.Separator)
	t.Logf("%d functions of %d-%d lines from %d packages of %s, -min-tokens %d, seed %d", len(trials), minLines, maxLines, len(packages), src, minTokens, seed)
	name := func(tr driftTrial) string {
		return fmt.Sprintf("%s:%d %s (in %s)", strings.TrimPrefix(tr.fn.File, src), tr.fn.Line, tr.fn.Name, strings.TrimPrefix(tr.host, src))
	}
	var misses []string
	bugs := func(which int, title string, bar float64) float64 {
		t.Logf("%s", title)
		t.Logf("%-30s %8s %6s %8s %10s %8s", "bug", "injected", "found", "drifted", "kind right", "at site")
		var total, right int
		for _, b := range kinds {
			var n, found, drifted, ok, atSite, shown int
			for i, tr := range trials {
				o := results[i][which]
				if tr.bug != b || o.skipped {
					continue
				}
				if o.err != nil {
					t.Errorf("%s %s: %v", b, name(tr), o.err)
					continue
				}
				n++
				found += btoi(o.found)
				drifted += btoi(o.drifted)
				ok += btoi(o.right)
				atSite += btoi(o.atSite)
				if !o.right && shown < driftMisses {
					shown++
					m := tr.mutant
					if which == renamed {
						m = tr.renamed
					}
					misses = append(misses, fmt.Sprintf("missed %s %s%s: %s\n\t\tengine: %s", b, name(tr),
						map[bool]string{true: " (renamed)"}[which == renamed],
						strings.Join(m.Edits, "; "), strings.Join(o.said, "\n\t\t        ")))
				}
			}
			total += n
			right += ok
			t.Logf("%-30s %8d %6d %8d %10d %8d", b, n, found, drifted, ok, atSite)
		}
		share := float64(right) / float64(max(total, 1))
		what := "flagged drifted"
		if !slices.ContainsFunc(kinds, func(b mutation.DriftBug) bool { return !weakBug(b) }) {
			what = "said"
		}
		t.Logf("%-30s %8d %24d = %.1f%% %s with the kind right (bar %.0f%%)", "all", total, right, 100*share, what, 100*bar)
		return share
	}
	share := bugs(asPasted, "copies as pasted:", driftBar)
	renamedShare := bugs(renamed, "the same copies with every name they declare renamed:", renamedDriftBar)
	var n, found, wrong, shown int
	for i, tr := range trials {
		o := results[i][control]
		if o.err != nil {
			t.Errorf("control %s: %v", name(tr), o.err)
			continue
		}
		n++
		found += btoi(o.found)
		if o.drifted {
			wrong++
			if shown < driftMisses {
				shown++
				misses = append(misses, fmt.Sprintf("control called divergent %s: %s\n\t\tengine: %s", name(tr),
					strings.Join(tr.control.Edits, "; "), strings.Join(o.said, "\n\t\t        ")))
			}
		}
	}
	wrongShare := float64(wrong) / float64(max(n, 1))
	t.Logf("%-30s %8d %6d %8d = %.1f%% called divergent (bar %.0f%%)", mutation.ParallelEdits+" (control)", n, found, wrong, 100*wrongShare, 100*controlBar)
	for _, m := range misses {
		t.Log(m)
	}
	if share < driftBar {
		t.Errorf("%.1f%% of drift bugs flagged with the kind right, want at least %.0f%%", 100*share, 100*driftBar)
	}
	if renamedShare < renamedDriftBar {
		t.Errorf("%.1f%% of drift bugs in renamed copies flagged with the kind right, want at least %.0f%%", 100*renamedShare, 100*renamedDriftBar)
	}
	if wrongShare > controlBar {
		t.Errorf("%.1f%% of controls called divergent, want at most %.0f%%", 100*wrongShare, 100*controlBar)
	}
}

// weakBug reports whether bug b's drift is weak evidence, said and not
// drifted.
func weakBug(b mutation.DriftBug) bool { return b == mutation.UnwrappedError }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestJudgeDrift checks the drift rules on hand-made classes.
func TestJudgeDrift(t *testing.T) {
	orig := region{"a.go", 10, 29}
	cp := region{"b.go", 50, 69}
	frag := func(file string, first, last int, ds ...fingerprint.Drift) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: first, Column: 1},
			End: fingerprint.Position{Line: last, Column: 2}, Drift: ds}
	}
	lacks := func(step string, twin, at int) fingerprint.Drift {
		return fingerprint.Drift{Kind: fingerprint.DriftLacks, Step: step, Twin: twin,
			Lines: fingerprint.LineRange{Start: 54, End: 54}, TwinLines: fingerprint.LineRange{Start: at, End: at + 2}}
	}
	class := func(divergent bool, frs ...fingerprint.Fragment) fingerprint.Class {
		return fingerprint.Class{Kind: fingerprint.Near, Fragments: frs, Divergent: divergent}
	}
	guard := driftWant{bug: mutation.RemovedGuard, kind: fingerprint.DriftLacks,
		steps: []string{fingerprint.StepGuard, fingerprint.StepCheck}, onCopy: true,
		orig: region{"a.go", 15, 17}, cp: region{"b.go", 54, 55}}
	tests := []struct {
		name                   string
		c                      fingerprint.Class
		want                   driftWant
		drifted, right, atSite bool
	}{
		{"lacked guard on the copy", class(true, frag("a.go", 10, 29), frag("b.go", 50, 69, lacks(fingerprint.StepGuard, 0, 15))),
			guard, true, true, true},
		{"elsewhere", class(true, frag("a.go", 10, 29), frag("b.go", 50, 69, lacks(fingerprint.StepCheck, 0, 25))),
			guard, true, true, false},
		{"another step", class(true, frag("a.go", 10, 29), frag("b.go", 50, 69, lacks(fingerprint.StepDefer, 0, 15))),
			guard, true, false, false},
		{"on the original", class(true, frag("a.go", 10, 29, lacks(fingerprint.StepGuard, 1, 55)), frag("b.go", 50, 69)),
			guard, true, false, false},
		{"not divergent", class(false, frag("a.go", 10, 29), frag("b.go", 50, 69, lacks(fingerprint.StepGuard, 0, 15))),
			guard, false, false, false},
		{"a class of the original alone", class(true, frag("a.go", 10, 29), frag("a.go", 100, 119, lacks(fingerprint.StepGuard, 0, 15))),
			guard, false, false, false},
		{"control", class(true, frag("a.go", 10, 29), frag("b.go", 50, 69, fingerprint.Drift{Kind: fingerprint.DriftUnrenamed, Twin: 0})),
			driftWant{bug: mutation.ParallelEdits}, true, false, false},
		{"control, a changed call", class(false, frag("a.go", 10, 29), frag("b.go", 50, 69, fingerprint.Drift{Kind: fingerprint.DriftChanged, Twin: 0})),
			driftWant{bug: mutation.ParallelEdits}, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := judgeDrift([]fingerprint.Class{tt.c}, orig, cp, tt.want)
			if o.drifted != tt.drifted || o.right != tt.right || o.atSite != tt.atSite {
				t.Errorf("drifted, right, at site = %v, %v, %v; want %v, %v, %v (%s)", o.drifted, o.right, o.atSite, tt.drifted, tt.right, tt.atSite, o.said)
			}
		})
	}
}
