package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"path/filepath"
)

// Code Climate output: the JSON array of issues GitLab reads as a Code
// Quality report (artifacts:reports:codequality) and shows in a merge
// request beside the lines it changes. Like SARIF, one issue per
// fragment: every copy in its own file, naming the copy it duplicates.
// An issue's fingerprint is the fragment's baseline identity (see
// FragmentIDs), hashed: GitLab tells new issues from old ones by it, so it
// survives line moves and edits elsewhere, as SARIF's partialFingerprints
// do.

type (
	codeClimateIssue struct {
		Type        string              `json:"type"`
		CheckName   string              `json:"check_name"`
		Description string              `json:"description"`
		Categories  []string            `json:"categories"`
		Fingerprint string              `json:"fingerprint"`
		Severity    string              `json:"severity"`
		Location    codeClimateLocation `json:"location"`
	}
	codeClimateLocation struct {
		Path  string           `json:"path"`
		Lines codeClimateLines `json:"lines"`
	}
	codeClimateLines struct {
		Begin int `json:"begin"`
		End   int `json:"end"`
	}
)

// Code Climate severities copycat uses: a drifted class (a copy lacks what
// its twin has) is worth a look before the rest; a class no rule lists
// (with -all) is only information.
const (
	SeverityDrifted  = "major"
	SeverityListed   = "minor"
	SeverityLeftOut  = "info"
	codeClimateCheck = "copycat/"
)

// CodeClimate writes the report as a Code Climate issue list, the format
// of GitLab's Code Quality reports.
func CodeClimate(w io.Writer, r *Report) error {
	issues := []codeClimateIssue{}
	fragIDs := FragmentIDs(r.Classes)
	for ci, c := range r.Classes {
		ids := fragIDs[ci]
		severity := SeverityListed
		switch {
		case !Listed(c):
			severity = SeverityLeftOut
		case c.Divergent:
			severity = SeverityDrifted
		}
		msgs := Messages(c)
		for i, f := range c.Fragments {
			text := msgs[i]
			if words := r.changeWords(ci, i); words != "" {
				text += "; " + words
			}
			if !Listed(c) {
				text += "; not listed: " + LeftOut(c)
			}
			sum := sha256.Sum256([]byte(ids[i]))
			issues = append(issues, codeClimateIssue{
				Type:        "issue",
				CheckName:   codeClimateCheck + string(c.Kind),
				Description: text,
				Categories:  []string{"Duplication"},
				Fingerprint: hex.EncodeToString(sum[:16]),
				Severity:    severity,
				Location: codeClimateLocation{
					Path:  jsonName(filepath.ToSlash(f.File)),
					Lines: codeClimateLines{Begin: f.Start.Line, End: f.End.Line},
				},
			})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(issues)
}
