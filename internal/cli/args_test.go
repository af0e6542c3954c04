package cli

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/words"
)

// An unknown flag is one line naming it, with the flags it may be a slip
// for, and a pointer to the usage: not the whole usage, which buries it.
func TestUnknownFlag(t *testing.T) {
	unpack(t, "module.txtar")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-min-token", "50"}, "copycat: flag provided but not defined: -min-token (did you mean -min-tokens?)\n"},
		{[]string{"./stats", "--mintokens=50"}, "copycat: flag provided but not defined: -mintokens (did you mean -min-tokens?)\n"},
		{[]string{"-min", "5"}, "copycat: flag provided but not defined: -min (did you mean -min-lines or -min-tokens?)\n"},
		{[]string{"-jsn"}, "copycat: flag provided but not defined: -jsn (did you mean -json?)\n"},
		{[]string{"-stat"}, "copycat: flag provided but not defined: -stat (did you mean -stats?)\n"},
		{[]string{"-x"}, "copycat: flag provided but not defined: -x\n"},
		{[]string{"-no-such-flag"}, "copycat: flag provided but not defined: -no-such-flag\n"},
		// Other flag errors are one line too.
		{[]string{"-min-tokens", "many"}, "copycat: -min-tokens takes a whole number, not \"many\"\n"},
		{[]string{"-exit-code", "abc"}, "copycat: -exit-code takes a whole number, not \"abc\"\n"},
		{[]string{"-similarity", "high"}, "copycat: -similarity takes a number, not \"high\"\n"},
		{[]string{"-min-tokens", "99999999999999999999"}, "copycat: invalid value \"99999999999999999999\" for flag -min-tokens: value out of range\n"},
		{[]string{"./...", "-min-tokens"}, "copycat: flag needs an argument: -min-tokens\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errs, code := run(t, tt.args...)
			want := tt.want + "run 'copycat -h' for usage\n"
			if code != ExitError || out != "" || errs != want {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit %d, stderr:\n%s", code, out, errs, ExitError, want)
			}
		})
	}
}

// A boolean flag followed by the word true or false is a slip for
// -flag=value: an error that says so, not a package named false.
func TestBooleanFlagWithSeparateValue(t *testing.T) {
	unpack(t, "module.txtar")
	for _, args := range [][]string{
		{"-tests", "false", "./..."},
		{"./...", "-tests", "false"},
		{"--tests", "false"},
		{"-near", "true"},
		{"-json", "true"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			i := slices.IndexFunc(args, func(a string) bool { return strings.HasPrefix(a, "-") })
			name, value := strings.TrimLeft(args[i], "-"), args[i+1]
			want := "copycat: -" + name + " is a boolean flag: write -" + name + "=" + value + "\nrun 'copycat -h' for usage\n"
			out, errs, code := run(t, args...)
			if code != ExitError || out != "" || errs != want {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stderr %q", code, out, errs, ExitError, want)
			}
		})
	}
	// The = form, a boolean flag before a path, and a path named false
	// after --, still work.
	for _, args := range [][]string{{"-tests=false", "./stats"}, {"-tests", "./stats"}} {
		if _, errs, code := run(t, append(small, args...)...); code != ExitClones {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
	if _, errs, code := run(t, "-tests", "--", "false"); code != ExitError || !strings.Contains(errs, "false") || strings.Contains(errs, "boolean flag") {
		t.Errorf("-tests -- false: exit %d, stderr %q; want the path false not found", code, errs)
	}
}

// A boolean flag given a value that is no boolean says what it takes,
// where the flag package said "invalid boolean value … parse error"; the
// forms strconv.ParseBool reads still work.
func TestBooleanFlagBadValue(t *testing.T) {
	unpack(t, "module.txtar")
	for _, args := range [][]string{{"-tests=maybe", "./..."}, {"--near=yes", "./..."}, {"-json=", "./..."}} {
		name, value, _ := strings.Cut(strings.TrimLeft(args[0], "-"), "=")
		want := fmt.Sprintf("copycat: -%s takes true or false, not %q\nrun 'copycat -h' for usage\n", name, value)
		if out, errs, code := run(t, args...); code != ExitError || out != "" || errs != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", args, code, out, errs, ExitError, want)
		}
	}
	for _, v := range []string{"0", "f", "FALSE", "1", "T", "True"} {
		if _, errs, code := run(t, append(small, "-tests="+v, "./stats")...); code != ExitClones {
			t.Errorf("-tests=%s: exit %d, stderr %q", v, code, errs)
		}
	}
}

func TestSuggest(t *testing.T) {
	fs := newCommand(&bytes.Buffer{}).fs
	tests := []struct {
		name string
		want []string
	}{
		{"min-token", []string{"min-tokens"}},
		{"min-line", []string{"min-lines"}},
		{"similarty", []string{"similarity"}},
		{"exitcode", []string{"exit-code"}},
		{"update-base", []string{"update-baseline"}},
		{"formats", []string{"format"}},
		{"jsno", []string{"json"}},
		{"v", nil}, // one letter: -V is not suggested by distance
		{"output", nil},
		{"zzz", nil},
	}
	for _, tt := range tests {
		if got := words.SuggestFlags(fs, tt.name); !slices.Equal(got, tt.want) {
			t.Errorf("SuggestFlags(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A -format or -sort value that is no format or order says which one it
// may be a slip for: a newcomer writes -format JSON or codeclimate.
func TestBadValueSuggests(t *testing.T) {
	unpack(t, "module.txtar")
	const formats = "copycat: -format must be text, json, sarif, html, markdown or code-climate, not "
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-format", "JSON"}, formats + "\"JSON\" (did you mean json?)\n"},
		{[]string{"-format", "jsn"}, formats + "\"jsn\" (did you mean json?)\n"},
		{[]string{"-format", "codeclimate"}, formats + "\"codeclimate\" (did you mean code-climate?)\n"},
		{[]string{"-format", "Sarif"}, formats + "\"Sarif\" (did you mean sarif?)\n"},
		{[]string{"-format", "txt"}, formats + "\"txt\" (did you mean text?)\n"},
		{[]string{"-format", "xml"}, formats + "\"xml\"\n"},
		{[]string{"-sort", "pos"}, "copycat: -sort must be rank or position, not \"pos\" (did you mean position?)\n"},
		{[]string{"-sort", "size"}, "copycat: -sort must be rank or position, not \"size\"\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errs, code := run(t, tt.args...)
			if code != ExitError || out != "" || errs != tt.want {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stderr %q", code, out, errs, ExitError, tt.want)
			}
		})
	}
}

// A command word after flags runs that command with those flags: a
// newcomer's copycat -cache=off history was taken for a package named
// history, then said to be no command.
func TestCommandFirst(t *testing.T) {
	tests := []struct{ args, want []string }{
		{[]string{"-cache=off", "history"}, []string{"history", "-cache=off"}},
		{[]string{"-cache", "off", "history", "-max-commits", "3"}, []string{"history", "-cache", "off", "-max-commits", "3"}},
		{[]string{"-q", "lsp", "-proxy"}, []string{"lsp", "-q", "-proxy"}},
		{[]string{"-json", "version"}, []string{"version", "-json"}},
		{[]string{"-q", "help"}, []string{"help", "-q"}},
		// As they stand: a command already first, a flag's value, a
		// word after --, a package first, cache (read as it stands).
		{[]string{"history", "-cache=off"}, []string{"history", "-cache=off"}},
		{[]string{"-o", "history", "./..."}, []string{"-o", "history", "./..."}},
		{[]string{"-q", "--", "history"}, []string{"-q", "--", "history"}},
		{[]string{"./...", "history"}, []string{"./...", "history"}},
		{[]string{"-cache", "d", "cache", "stats"}, []string{"-cache", "d", "cache", "stats"}},
		{nil, nil},
	}
	for _, tt := range tests {
		if got := CommandFirst(slices.Clone(tt.args)); !slices.Equal(got, tt.want) {
			t.Errorf("CommandFirst(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}

// And the command then runs: copycat -q help prints the usage, and
// copycat -tests=false history -h the history command's.
func TestFlagsBeforeCommand(t *testing.T) {
	unpack(t, "module.txtar")
	if out, errs, code := run(t, "-q", "help"); code != ExitClean || !strings.HasPrefix(out, "usage: copycat [flags]") {
		t.Errorf("copycat -q help: exit %d, stdout %.60q, stderr %q", code, out, errs)
	}
	var out, stderr bytes.Buffer
	code := Run([]string{"-tests=false", "history", "-h"}, &out, &stderr)
	if errs := stderr.String(); code != ExitClean || !strings.HasPrefix(errs, "usage: copycat history") {
		t.Errorf("copycat -tests=false history -h: exit %d, stderr %.80q", code, errs)
	}
}

// CommandFirst only ever moves one command word to the front: the
// arguments come back the same, in the same order but for that word.
func FuzzCommandFirst(f *testing.F) {
	f.Add("-cache=off\x00history")
	f.Add("-o\x00history\x00./...")
	f.Add("-q\x00--\x00lsp")
	f.Add("-o\x00history\x00-q\x00history")
	f.Add("--min-tokens\x0050\x00version\x00-json")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		got := CommandFirst(slices.Clone(args))
		if slices.Equal(got, args) {
			return
		}
		if len(got) != len(args) || !slices.Contains(commands, got[0]) || args[0] == got[0] {
			t.Fatalf("CommandFirst(%q) = %q", args, got)
		}
		for i, a := range args {
			if a == got[0] && slices.Equal(got[1:], slices.Concat(args[:i], args[i+1:])) {
				return
			}
		}
		t.Fatalf("CommandFirst(%q) = %q: not one word moved to the front", args, got)
	})
}
