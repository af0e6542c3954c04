package mutation_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/mutation"
)

// relatedRegions lists the fragments that the engine joins to the original
// function before any copy is injected: code already similar to it.
func relatedRegions(classes []fingerprint.Class, orig region) []region {
	var out []region
	for _, c := range classes {
		if !touches(c, orig) {
			continue
		}
		for _, fr := range c.Fragments {
			if r := regionOf(fr); !r.overlaps(orig) {
				out = append(out, r)
			}
		}
	}
	return out
}

// judge decides whether the classes found the copy cp of orig, and lists
// the classes that join cp to code unrelated to orig.
func judge(classes []fingerprint.Class, orig, cp region, related []region) outcome {
	var o outcome
	for _, c := range classes {
		co, cc := cover(c, orig), cover(c, cp)
		if co >= coverage && cc >= coverage {
			o.hit = true
		}
		if min(co, cc) > min(o.best[0], o.best[1]) {
			o.best = [2]float64{co, cc}
		}
		if !touches(c, cp) {
			continue
		}
		for _, fr := range c.Fragments {
			r := regionOf(fr)
			if r.overlaps(cp) || r.overlaps(orig) || overlapsAny(r, related) {
				continue
			}
			o.bad = append(o.bad, fmt.Sprintf("%s class joins the copy %v to %v", c.Kind, cp, r))
		}
	}
	return o
}

func regionOf(fr fingerprint.Fragment) region { return region{fr.File, fr.Start.Line, fr.End.Line} }

func (r region) overlaps(s region) bool {
	return r.file == s.file && r.first <= s.last && s.first <= r.last
}

func overlapsAny(r region, rs []region) bool {
	for _, s := range rs {
		if r.overlaps(s) {
			return true
		}
	}
	return false
}

func touches(c fingerprint.Class, r region) bool {
	for _, fr := range c.Fragments {
		if regionOf(fr).overlaps(r) {
			return true
		}
	}
	return false
}

// cover is the share of r's lines inside c's fragments.
func cover(c fingerprint.Class, r region) float64 {
	in := make([]bool, r.last-r.first+1)
	for _, fr := range c.Fragments {
		if fr.File != r.file {
			continue
		}
		for l := max(fr.Start.Line, r.first); l <= min(fr.End.Line, r.last); l++ {
			in[l-r.first] = true
		}
	}
	n := 0
	for _, b := range in {
		if b {
			n++
		}
	}
	return float64(n) / float64(len(in))
}

// report logs recall per kind, the misses and the precision failures, and
// checks them against the bars.
func report(t *testing.T, root string, trials []trial, results []map[mutation.Kind]outcome) {
	src := filepath.Join(root, "src") + string(filepath.Separator)
	t.Logf("%d functions of %d-%d lines from %d packages of %s, -min-tokens %d, seed %d", len(trials), minLines, maxLines, len(packages), src, minTokens, seed)
	for _, k := range mutation.Kinds {
		hits, bad := 0, 0
		var misses []string
		var byEdits [4][2]int // hits and trials by number of type-3 edits
		for i, tr := range trials {
			o := results[i][k]
			if n := len(tr.mutants[k].Edits); n < len(byEdits) {
				byEdits[n][1]++
				if o.hit {
					byEdits[n][0]++
				}
			}
			name := fmt.Sprintf("%s:%d %s (in %s)", strings.TrimPrefix(tr.fn.File, src), tr.fn.Line, tr.fn.Name, strings.TrimPrefix(tr.host, src))
			switch {
			case o.err != nil:
				t.Errorf("%s %s: %v", k, name, o.err)
			case o.hit:
				hits++
			default:
				miss := fmt.Sprintf("%s: best class covers %.0f%% of the original, %.0f%% of the copy", name, 100*o.best[0], 100*o.best[1])
				if edits := tr.mutants[k].Edits; len(edits) > 0 {
					miss += "; edits: " + strings.Join(edits, ", ")
				}
				misses = append(misses, miss)
			}
			for _, b := range o.bad {
				bad++
				t.Errorf("%s %s: %s", k, name, b)
			}
		}
		recall := float64(hits) / float64(len(trials))
		t.Logf("recall %-5s %3d/%d = %5.1f%% (bar %.0f%%), %d classes joining the copy to unrelated code",
			k, hits, len(trials), 100*recall, 100*bars[k], bad)
		if byEdits[0][1] == 0 {
			t.Logf("  by number of edits: 1: %d/%d, 2: %d/%d, 3: %d/%d",
				byEdits[1][0], byEdits[1][1], byEdits[2][0], byEdits[2][1], byEdits[3][0], byEdits[3][1])
		}
		for i, m := range misses {
			if i == 10 {
				t.Logf("  … and %d more", len(misses)-i)
				break
			}
			t.Logf("  missed %s", m)
		}
		if recall < bars[k] {
			t.Errorf("recall %s = %.1f%%, want at least %.0f%%", k, 100*recall, 100*bars[k])
		}
	}
}

// TestJudge checks the hit and precision rules on hand-made classes.
func TestJudge(t *testing.T) {
	orig := region{"a.go", 10, 29}
	cp := region{"b.go", 50, 69}
	frag := func(file string, first, last int) fingerprint.Fragment {
		return fingerprint.Fragment{File: file, Start: fingerprint.Position{Line: first, Column: 1}, End: fingerprint.Position{Line: last, Column: 2}}
	}
	class := func(frs ...fingerprint.Fragment) fingerprint.Class {
		return fingerprint.Class{Kind: fingerprint.Near, Fragments: frs}
	}
	twin := region{"a.go", 100, 119}
	tests := []struct {
		name    string
		classes []fingerprint.Class
		related []region
		hit     bool
		bad     int
	}{
		{"whole function", []fingerprint.Class{class(frag("a.go", 10, 29), frag("b.go", 50, 69))}, nil, true, 0},
		{"70 percent", []fingerprint.Class{class(frag("a.go", 16, 29), frag("b.go", 50, 63))}, nil, true, 0},
		{"below 70 percent", []fingerprint.Class{class(frag("a.go", 17, 29), frag("b.go", 50, 69))}, nil, false, 0},
		{"two halves are no hit", []fingerprint.Class{
			class(frag("a.go", 10, 19), frag("b.go", 50, 59)),
			class(frag("a.go", 20, 29), frag("b.go", 60, 69)),
		}, nil, false, 0},
		{"copy joined to host code", []fingerprint.Class{class(frag("b.go", 50, 69), frag("b.go", 5, 24))}, nil, false, 1},
		{"copy joined to a twin of the original", []fingerprint.Class{
			class(frag("a.go", 10, 29), frag("a.go", 100, 119), frag("b.go", 50, 69)),
		}, []region{twin}, true, 0},
		{"host code alone is not judged", []fingerprint.Class{class(frag("b.go", 1, 20), frag("b.go", 100, 120))}, nil, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := judge(tt.classes, orig, cp, tt.related)
			if o.hit != tt.hit || len(o.bad) != tt.bad {
				t.Errorf("judge = hit %v, %d bad %q; want hit %v, %d bad", o.hit, len(o.bad), o.bad, tt.hit, tt.bad)
			}
		})
	}
}
