package pipeline

import (
	"slices"
	"testing"
)

// byIdentity keys every source of one path alike, even when two machines
// listed it and gave it two identities, so that the file is read once;
// two names of one file on one machine meet under its identity; a path
// the system gave no identity is keyed by itself.
func TestByIdentity(t *testing.T) {
	keys := func(path string, ss ...source) []string {
		var vs []string
		for _, s := range ss {
			vs = append(vs, s.String())
		}
		var out []string
		byIdentity(path, func(v *string) bool {
			if len(vs) == 0 {
				return false
			}
			*v, vs = vs[0], vs[1:]
			return true
		}, func(k, v string) {
			if parseSource(v).Path == "" {
				t.Errorf("%s: a source without its path: %q", path, v)
			}
			out = append(out, k)
		})
		return slices.Compact(out)
	}
	twoHosts := keys("/src/a.go",
		source{Name: "/src/a.go", Path: "/src/a.go", ID: "host2\x001:7"},
		source{Name: "/src/a.go", Path: "/src/a.go", ID: "host1\x001:7"})
	if len(twoHosts) != 1 {
		t.Errorf("one path listed on two machines has keys %q, want one", twoHosts)
	}
	link := keys("/src/b.go", source{Name: "/src/b.go", Path: "/src/b.go", ID: "host1\x001:9"})
	target := keys("/src/c.go", source{Name: "/src/c.go", Path: "/src/c.go", ID: "host1\x001:9"})
	if !slices.Equal(link, target) {
		t.Errorf("a hard link's key %q, its target's %q", link, target)
	}
	none := keys("/src/d.go", source{Name: "/src/d.go", Path: "/src/d.go"})
	if other := keys("/src/e.go", source{Name: "/src/e.go", Path: "/src/e.go"}); slices.Equal(none, other) {
		t.Errorf("two files without identities share the key %q", none)
	}
}

// A source survives its encoding, whatever its fields hold.
func TestSourceString(t *testing.T) {
	for _, s := range []source{
		{},
		{Name: "/src/a.go", Path: "/src/a.go"},
		{Arg: "golang.org/x/net@v0.61.0", Name: "golang.org/x/net@v0.61.0/http2/frame.go", Path: "/mod/x/frame.go", ID: "h\x0012:34"},
	} {
		if got := parseSource(s.String()); got != s {
			t.Errorf("%+v came back as %+v", s, got)
		}
	}
}

// withoutCredentials leaves out what a URL holds before its host, and
// nothing of the other arguments.
func TestWithoutCredentials(t *testing.T) {
	cases := []struct{ arg, want string }{
		{"https://x-access-token:TOKEN@github.com/o/r.git#v1", "https://github.com/o/r.git#v1"},
		{"https://TOKEN@github.com/o/r.git", "https://github.com/o/r.git"},
		{"https://a:b@c@host#rev", "https://host#rev"},
		{"ssh://git@host/r.git", "ssh://host/r.git"},
		{"https://host/o/r@2.git#main", "https://host/o/r@2.git#main"},
		{"git@github.com:o/r.git", "git@github.com:o/r.git"},
		{"golang.org/x/tools@v0.52.0", "golang.org/x/tools@v0.52.0"},
		{"/src/repo", "/src/repo"},
	}
	for _, c := range cases {
		if got := withoutCredentials(c.arg); got != c.want {
			t.Errorf("withoutCredentials(%q) = %q, want %q", c.arg, got, c.want)
		}
	}
}
