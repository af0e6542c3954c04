package words

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// UnknownFlag is the error for a flag fs does not define, with the flags
// it may be a slip for: "flag provided but not defined: -cahe (did you
// mean -cache?)".
func UnknownFlag(fs *flag.FlagSet, name string) error {
	msg := "flag provided but not defined: -" + name
	if s := SuggestFlags(fs, name); len(s) > 0 {
		msg += " (did you mean -" + strings.Join(s, " or -") + "?)"
	}
	return errors.New(msg)
}

// SuggestFlags returns the flags of fs that name may be a slip for (see
// Closest), in alphabetical order, at most three.
func SuggestFlags(fs *flag.FlagSet, name string) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return Closest(name, names)
}

// FlagError rewords the flag package's error for a number flag given
// something else, `invalid value "many" for flag -min-tokens: parse
// error`, which does not say what the flag takes: `-min-tokens takes a
// whole number, not "many"`. Other errors come back as they are.
func FlagError(fs *flag.FlagSet, err error) error {
	head, ok := strings.CutSuffix(err.Error(), ": parse error")
	value, name, found := strings.Cut(strings.TrimPrefix(head, "invalid value "), " for flag -")
	if !ok || !found || !strings.HasPrefix(head, "invalid value ") {
		return err
	}
	f := fs.Lookup(name)
	if f == nil {
		return err
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return fmt.Errorf("-%s takes a whole number, not %s", name, value)
	case float64:
		return fmt.Errorf("-%s takes a number, not %s", name, value)
	}
	return err
}
