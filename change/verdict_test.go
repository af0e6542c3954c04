package change

import (
	"slices"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// Judge's verdicts from what a change did to each copy of a class.
func TestJudge(t *testing.T) {
	frag := func(name string) fingerprint.Fragment {
		return fingerprint.Fragment{File: name, Start: fingerprint.Position{Line: 10}, End: fingerprint.Position{Line: 29}}
	}
	cl := fingerprint.Class{Fragments: []fingerprint.Fragment{frag("/r/a.go"), frag("/r/b.go"), frag("/r/c.go")}}
	added := func(lines ...int) *File {
		f := &File{}
		for _, l := range lines {
			f.add(l)
		}
		return f
	}
	pasted := added()
	for l := 1; l <= 40; l++ {
		pasted.add(l)
	}
	for _, tc := range []struct {
		name  string
		files map[string]*File
		want  string
	}{
		{"untouched", map[string]*File{"x.go": added(3)}, ""},
		{"one copy edited", map[string]*File{"a.go": added(12)}, ForgottenTwin},
		{"a line removed from one copy", map[string]*File{"b.go": {Removed: []Removal{{After: 15, Lines: 2}}}}, ForgottenTwin},
		{"a copy pasted into a class of two", map[string]*File{"c.go": pasted}, Grown},
		// A paste does not hide a copy the change edited while its twin
		// stayed as it was.
		{"a copy pasted, another edited", map[string]*File{"a.go": added(12), "c.go": pasted}, ForgottenTwin},
		{"a copy pasted, every other edited", map[string]*File{"a.go": added(12), "b.go": added(12), "c.go": pasted}, Grown},
		{"every copy grew a line", map[string]*File{"a.go": added(12), "b.go": added(12), "c.go": added(12)}, Grown},
		{"every copy edited, one only removing", map[string]*File{"a.go": added(12), "b.go": added(12), "c.go": {Removed: []Removal{{After: 12, Lines: 1}}}}, ""},
	} {
		if got := NewChange("/r", tc.files).Judge(cl).Kind; got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	two := fingerprint.Class{Fragments: cl.Fragments[1:]}
	if got := NewChange("/r", map[string]*File{"c.go": pasted}).Judge(two).Kind; got != New {
		t.Errorf("a copy of one other: %q, want new", got)
	}
}

// A new copy the change moved from elsewhere is a copy the class had:
// the class is moved when every new copy moved, and a copy pasted
// besides is counted against the copies the class had, the moved one
// among them.
func TestMove(t *testing.T) {
	frag := func(name string) fingerprint.Fragment {
		return fingerprint.Fragment{File: name, Start: fingerprint.Position{Line: 10}, End: fingerprint.Position{Line: 29}}
	}
	pasted := &File{}
	for l := 1; l <= 40; l++ {
		pasted.add(l)
	}
	from := Place{File: "/r/old.go", Start: 100, End: 119}
	for _, tc := range []struct {
		name   string
		copies []string // the class's files; c.go and d.go are pasted
		moved  []int    // the copies moved, in order
		before string
		want   string
	}{
		{"a copy of one other, moved", []string{"b.go", "c.go"}, []int{1}, New, Moved},
		{"one more copy of two, moved", []string{"a.go", "b.go", "c.go"}, []int{2}, Grown, Moved},
		{"two new copies of one, one moved", []string{"a.go", "c.go", "d.go"}, []int{1}, New, Grown},
		{"copies all new, all moved", []string{"c.go", "d.go"}, []int{0, 1}, New, Moved},
		{"copies all new, one moved", []string{"c.go", "d.go"}, []int{0}, New, New},
	} {
		var cl fingerprint.Class
		for _, name := range tc.copies {
			cl.Fragments = append(cl.Fragments, frag("/r/"+name))
		}
		v := NewChange("/r", map[string]*File{"c.go": pasted, "d.go": pasted}).Judge(cl)
		if v.Kind != tc.before {
			t.Fatalf("%s: %q before the move, want %q", tc.name, v.Kind, tc.before)
		}
		for _, i := range tc.moved {
			v.Move(i, from)
		}
		if v.Kind != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, v.Kind, tc.want)
		}
		for i := range cl.Fragments {
			if moved := slices.Contains(tc.moved, i); v.MovedCopy(i) != moved || moved && v.New[i] {
				t.Errorf("%s: copy %d moved %v, new %v", tc.name, i, v.MovedCopy(i), v.New[i])
			}
		}
	}
}
