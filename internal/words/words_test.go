package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 classes"}, {1, "1 class"}, {2, "2 classes"}, {1200, "1200 classes"}} {
		if got := Count(c.n, "class", "classes"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
