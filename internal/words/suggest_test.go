package words

import (
	"flag"
	"io"
	"slices"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "abc", 0},
		{"min-token", "min-tokens", 1}, {"kitten", "sitting", 3},
		{"similarty", "similarity", 1}, {"xyz", "abc", 3},
		// A swap of two adjacent letters is one edit.
		{"lps", "lsp", 1}, {"verison", "version", 1}, {"jsno", "json", 1},
		{"ab", "ba", 1}, {"abc", "ca", 3}, // optimal string alignment: no edit of a swapped pair
	} {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := distance(tt.b, tt.a); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"help", "history", "lsp", "version", "cache", "stats", "clean"}
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"verison", []string{"version"}},
		{"lps", []string{"lsp"}}, // a swap: one edit, a third of three letters
		{"hist", []string{"history"}},
		{"stat", []string{"stats"}},
		{"x", nil},   // one letter: nothing is that near
		{"zzz", nil}, // nothing near
	} {
		if got := Closest(tt.word, names); !slices.Equal(got, tt.want) {
			t.Errorf("Closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	if got := Closest("ab", []string{"abc", "abd", "abe", "abf"}); len(got) != 3 {
		t.Errorf("Closest gives %q, want at most three", got)
	}
}

func TestDidYouMean(t *testing.T) {
	formats := []string{"text", "json", "sarif"}
	for word, want := range map[string]string{"JSON": " (did you mean json?)", "jsn": " (did you mean json?)", "xml": ""} {
		if got := DidYouMean(word, formats); got != want {
			t.Errorf("DidYouMean(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestUnknownFlag(t *testing.T) {
	fs := flag.NewFlagSet("copycat cache", flag.ContinueOnError)
	fs.String("cache", "", "")
	for name, want := range map[string]string{
		"cahe": "flag provided but not defined: -cahe (did you mean -cache?)",
		"x":    "flag provided but not defined: -x",
	} {
		if got := UnknownFlag(fs, name).Error(); got != want {
			t.Errorf("UnknownFlag(%q) = %q, want %q", name, got, want)
		}
	}
}

// FlagError says what the flag package's errors leave out: the flags an
// unknown one may stand for, what a number or boolean flag takes.
func TestFlagError(t *testing.T) {
	fs := flag.NewFlagSet("copycat version", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Bool("json", false, "")
	fs.Int("min-tokens", 100, "")
	fs.Float64("similarity", 0.85, "")
	fs.String("cache", "", "")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-jsn"}, "flag provided but not defined: -jsn (did you mean -json?)"},
		{[]string{"--cahe=d"}, "flag provided but not defined: -cahe (did you mean -cache?)"},
		{[]string{"-x"}, "flag provided but not defined: -x"},
		{[]string{"-json=maybe"}, `-json takes true or false, not "maybe"`},
		{[]string{"-min-tokens", "abc"}, `-min-tokens takes a whole number, not "abc"`},
		{[]string{"-similarity", "high"}, `-similarity takes a number, not "high"`},
		{[]string{"-cache"}, "flag needs an argument: -cache"},
	} {
		err := fs.Parse(tt.args)
		if err == nil {
			t.Fatalf("Parse(%q) succeeded", tt.args)
		}
		if got := FlagError(fs, err).Error(); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.args, got, tt.want)
		}
	}
	// UnknownFlag's error, its hint given, comes back as it is: the
	// hint was said twice, "-new-from-revv (did you mean -new-from-rev?)
	// (did you mean -new-from-rev?)".
	fs.String("new-from-rev", "", "")
	err := UnknownFlag(fs, "new-from-revv")
	if got := FlagError(fs, err).Error(); got != err.Error() {
		t.Errorf("FlagError(UnknownFlag) = %q, want %q", got, err.Error())
	}
}
