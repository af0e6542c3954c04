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

// FlagError rewords the flag package's errors that do not say what to
// write: a flag fs does not define gets the flags it may be a slip for
// (UnknownFlag); a number flag given something else, `invalid value
// "many" for flag -min-tokens: parse error`, says what it takes,
// `-min-tokens takes a whole number, not "many"`, and a boolean flag
// likewise, `-json takes true or false, not "maybe"`. Other errors come
// back as they are.
func FlagError(fs *flag.FlagSet, err error) error {
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		if strings.Contains(name, " ") {
			return err // UnknownFlag's own, its hint given
		}
		return UnknownFlag(fs, name)
	}
	head, ok := strings.CutSuffix(err.Error(), ": parse error")
	if value, name, found := strings.Cut(strings.TrimPrefix(head, "invalid boolean value "), " for -"); ok && found && strings.HasPrefix(head, "invalid boolean value ") {
		return fmt.Errorf("-%s takes true or false, not %s", name, value)
	}
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
