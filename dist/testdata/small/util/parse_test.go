package util

import "testing"

func TestParsePairs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[string]int
		bad  bool
	}{
		{"", map[string]int{}, false},
		{"a=1", map[string]int{"a": 1}, false},
		{"a=1,b=2", map[string]int{"a": 1, "b": 2}, false},
		{"a=1,a=2", nil, true},
		{"a", nil, true},
	} {
		got, err := ParsePairs(tc.in)
		if (err != nil) != tc.bad {
			t.Errorf("ParsePairs(%q): error %v", tc.in, err)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("ParsePairs(%q)[%q] = %d, want %d", tc.in, k, got[k], v)
			}
		}
	}
}

func TestParseWeights(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[string]float64
		bad  bool
	}{
		{"", map[string]float64{}, false},
		{"a=1", map[string]float64{"a": 1}, false},
		{"a=1,b=2", map[string]float64{"a": 1, "b": 2}, false},
		{"a=1,a=2", nil, true},
		{"a", nil, true},
	} {
		got, err := ParseWeights(tc.in)
		if (err != nil) != tc.bad {
			t.Errorf("ParseWeights(%q): error %v", tc.in, err)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("ParseWeights(%q)[%q] = %g, want %g", tc.in, k, got[k], v)
			}
		}
	}
}
