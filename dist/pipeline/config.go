package pipeline

import (
	"fmt"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// Defaults, the copycat command's (see internal/cli).
const (
	DefaultMinTokens      = 100
	DefaultMinLines       = 6
	DefaultMaxOccurrences = 10
	DefaultSimilarity     = 0.85
)

// A Config is what a run reads and how it detects, as the copycat
// command's flags of the same names set it.
type Config struct {
	Dirs           []string // module trees, walked as copycat walks a directory
	Output         string   // where the JSON report goes: a local path, or one a Beam file system knows (gs://…)
	MinTokens      int
	MinLines       int
	MaxOccurrences int
	Near           bool
	Similarity     float64
	Tests          bool
	Generated      bool
	MaxFileSize    int64
}

// DefaultConfig returns the copycat command's defaults.
func DefaultConfig() Config {
	return Config{
		MinTokens: DefaultMinTokens, MinLines: DefaultMinLines, MaxOccurrences: DefaultMaxOccurrences,
		Near: true, Similarity: DefaultSimilarity, Tests: true, MaxFileSize: load.DefaultMaxFileSize,
	}
}

// Check reports values that make no sense.
func (c Config) Check() error {
	switch {
	case len(c.Dirs) == 0:
		return fmt.Errorf("no directories to read")
	case c.Output == "":
		return fmt.Errorf("no output file")
	case c.MinTokens < 1:
		return fmt.Errorf("-min-tokens must be at least 1, not %d", c.MinTokens)
	case c.MinLines < 1:
		return fmt.Errorf("-min-lines must be at least 1, not %d", c.MinLines)
	case c.MaxOccurrences < 0:
		return fmt.Errorf("-max-occurrences must not be negative")
	case c.Similarity <= 0 || c.Similarity > 1:
		return fmt.Errorf("-similarity must be in (0, 1], not %g", c.Similarity)
	case c.MaxFileSize < 0:
		return fmt.Errorf("-max-file-size must not be negative")
	}
	return nil
}

// An Engine is the part of a Config the engine's stages need, carried by
// the DoFns to the workers.
type Engine struct {
	MinTokens      int
	MinLines       int
	MaxOccurrences int
	Near           bool
	Similarity     float64
}

func (c Config) engine() Engine {
	return Engine{c.MinTokens, c.MinLines, c.MaxOccurrences, c.Near, c.Similarity}
}

// options are the engine's options.
func (e Engine) options() fingerprint.Options {
	return fingerprint.Options{
		MinTokens: e.MinTokens, MinLines: e.MinLines, MaxOccurrences: e.MaxOccurrences,
		Near: e.Near, Similarity: e.Similarity,
	}
}

// long says whether near keys of more than fingerprint.NearKeyLimit units
// are kept (see fingerprint's nearCandidates).
func (e Engine) long() bool {
	return e.MaxOccurrences <= 0 || e.MaxOccurrences > fingerprint.NearKeyLimit
}
