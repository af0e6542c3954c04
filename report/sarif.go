package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/version"
)

// SARIF output, for GitHub code scanning and other SARIF viewers.
//
// One result per fragment: every copy gets an alert in its own file, where
// a reviewer reads it, and the other copies of its class are its
// relatedLocations (the shape of a go vet diagnostic with Related entries).
// partialFingerprints carry the fragment's baseline identity (the class's
// content hash, the file and the fragment's rank among the class's copies
// in that file), so an alert survives line moves and edits elsewhere; one
// whose file's name is not UTF-8 is quoted, as jsonName quotes a name, so
// that two stay apart (a viewer keeps one alert of a fingerprint).
// Regions are whole lines: copycat counts columns in bytes, SARIF in UTF-16
// units, and a clone is read by lines anyway.

// SARIFVersion and SARIFSchema identify the SARIF dialect written.
const (
	SARIFVersion = "2.1.0"
	SARIFSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	// FingerprintKey names copycat's entry in partialFingerprints.
	FingerprintKey = "copycatFragment/v1"
)

type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
		// Properties count the classes left out of Results (see
		// Listed) by the rule that left them out.
		Properties *sarifRunProps `json:"properties,omitempty"`
	}
	// A sarifInvocation is the run itself: whether it went through, and
	// the warnings and errors it met.
	sarifRunProps struct {
		LeftOut map[string]int `json:"leftOut"`
	}
	// A sarifSuppression says why a result is not listed by default:
	// SARIF's way to carry a result a viewer should not raise (with -all).
	sarifSuppression struct {
		Kind          string `json:"kind"`
		Status        string `json:"status"`
		Justification string `json:"justification"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifText       `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name            string      `json:"name"`
		Version         string      `json:"version"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		InformationURI  string      `json:"informationUri"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string         `json:"id"`
		Name                 string         `json:"name"`
		ShortDescription     sarifText      `json:"shortDescription"`
		FullDescription      sarifText      `json:"fullDescription"`
		Help                 sarifText      `json:"help"`
		HelpURI              string         `json:"helpUri"`
		DefaultConfiguration sarifRuleLevel `json:"defaultConfiguration"`
		Properties           sarifRuleProps `json:"properties"`
	}
	sarifRuleLevel struct {
		Level string `json:"level"`
	}
	sarifRuleProps struct {
		Tags      []string `json:"tags"`
		Precision string   `json:"precision"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string `json:"ruleId"`
		RuleIndex int    `json:"ruleIndex"`
		Level     string `json:"level"`
		// Rank is SARIF's 0–100 priority: the class's score (see Rank);
		// absent when the classes were not ranked.
		Rank                *float64           `json:"rank,omitempty"`
		Message             sarifText          `json:"message"`
		Locations           []sarifLocation    `json:"locations"`
		RelatedLocations    []sarifLocation    `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string  `json:"partialFingerprints"`
		Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
		// BaselineState says, with a change, what it did to the copy:
		// new, updated or unchanged.
		BaselineState string           `json:"baselineState,omitempty"`
		Properties    sarifResultProps `json:"properties"`
	}
	sarifResultProps struct {
		ClassID    string  `json:"classId"`
		Kind       string  `json:"kind"`
		Similarity float64 `json:"similarity"`
		Tokens     int     `json:"tokens"`
		Copies     int     `json:"copies"`
		// Differs lists the lines of this copy that differ from the
		// class's first copy, as in the JSON report.
		Differs []jsonRange `json:"differs,omitempty"`
		// Reason, Category, Divergent, Extra and Lacks are as in the
		// JSON report.
		Reason    string      `json:"reason,omitempty"`
		Category  string      `json:"category,omitempty"`
		Divergent bool        `json:"divergent,omitempty"`
		Extra     []jsonRange `json:"extra,omitempty"`
		Lacks     bool        `json:"lacks,omitempty"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifText    `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"` // nil: the whole file
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
		EndLine   int `json:"endLine"`
	}
)

// sarifRules describes the three kinds, in a fixed order so that
// ruleIndex never changes. Each rule's helpUri is the README section
// that explains its kind.
var sarifRules = []sarifRule{
	rule(fingerprint.Exact, "ExactDuplicate", "Duplicated code",
		"The same code, names and values included, appears in several places.",
		"high", "what-counts-as-a-clone"),
	rule(fingerprint.Renamed, "RenamedDuplicate", "Duplicated code with renamed identifiers",
		"The same code appears in several places with identifiers consistently renamed or literal values changed.",
		"high", "what-counts-as-a-clone"),
	rule(fingerprint.Near, "NearDuplicate", "Near-duplicate code",
		"Code appears in several places with statements added, removed or changed after the copy, above the similarity threshold.",
		"medium", "near-miss-clones"),
}

func rule(k fingerprint.Kind, name, short, full, precision, anchor string) sarifRule {
	return sarifRule{
		ID:               string(k),
		Name:             name,
		ShortDescription: sarifText{short},
		FullDescription:  sarifText{full},
		Help: sarifText{full + " Extract the shared code into one function, or mark a deliberate copy with " +
			"//copycat:ignore reason on the line before it."},
		HelpURI:              version.InformationURI + "#" + anchor,
		DefaultConfiguration: sarifRuleLevel{"warning"},
		Properties:           sarifRuleProps{Tags: []string{"maintainability", "duplicate-code"}, Precision: precision},
	}
}

func ruleIndex(k fingerprint.Kind) int {
	for i, r := range sarifRules {
		if r.ID == string(k) {
			return i
		}
	}
	return 0
}

// SARIF writes the report as a SARIF 2.1.0 log.
func SARIF(w io.Writer, r *Report) error {
	v := r.toolVersion()
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:            version.Name,
			Version:         v,
			SemanticVersion: semanticVersion(v),
			InformationURI:  version.InformationURI,
			Rules:           sarifRules,
		}},
		Invocations: []sarifInvocation{invocation(r)},
		Results:     []sarifResult{},
	}
	fragIDs := FragmentIDs(r.Classes)
	for ci, c := range r.Classes {
		ids := fragIDs[ci]
		msgs := Messages(c)
		for i, f := range c.Fragments {
			res := sarifResult{
				RuleID:              string(c.Kind),
				RuleIndex:           ruleIndex(c.Kind),
				Level:               "warning",
				Message:             sarifText{msgs[i]},
				Locations:           []sarifLocation{location(f)},
				PartialFingerprints: map[string]string{FingerprintKey: jsonName(ids[i])},
				Properties: sarifResultProps{ClassID: c.ID, Kind: string(c.Kind),
					Similarity: math.Round(c.Similarity*1000) / 1000, Tokens: c.Tokens, Copies: len(c.Fragments),
					Differs: lineRanges(f.Differs), Reason: c.Signal.Reason, Category: c.Signal.Category,
					Divergent: c.Divergent, Extra: lineRanges(f.Extra), Lacks: f.Lacks},
			}
			if c.Signal.Reason != "" {
				rank := float64(c.Signal.Score)
				res.Rank = &rank
			}
			res.BaselineState = baselineState(r.verdict(ci), i)
			if w := r.changeWords(ci, i); w != "" {
				res.Message.Text += "; " + w
			}
			if !Listed(c) {
				res.Suppressions = []sarifSuppression{{Kind: "external", Status: "accepted", Justification: "not listed: " + LeftOut(c)}}
			}
			for _, j := range RelatedCopies(len(c.Fragments), i) {
				l := location(c.Fragments[j])
				id := j + 1
				l.ID = &id
				l.Message = &sarifText{fmt.Sprintf("copy %d of %d", j+1, len(c.Fragments))}
				res.RelatedLocations = append(res.RelatedLocations, l)
			}
			run.Results = append(run.Results, res)
		}
	}
	if counts := r.LeftCounts(); len(counts) > 0 {
		run.Properties = &sarifRunProps{LeftOut: map[string]int{}}
		for _, lc := range counts {
			run.Properties.LeftOut[lc.Rule] = lc.Classes
		}
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
			sarifNotification{Level: "note", Message: sarifText{"not listed: " + r.LeftWhy()}})
	}
	// Compact: SARIF logs are read by programs, and a large one is half
	// the size without indentation.
	return json.NewEncoder(w).Encode(sarifLog{Schema: SARIFSchema, Version: SARIFVersion, Runs: []sarifRun{run}})
}

// MaxRelated is the most other copies a SARIF result, a go vet diagnostic
// or an editor's diagnostic points to: every copy naming every other made
// a class of n copies cost n² related locations (a class of 5,000 copies
// ran out of memory in SARIF; go vet took 212 s and 12.5 GB for 4,000).
const MaxRelated = 10

// RelatedCopies lists the other copies that copy i of a class of n copies
// points to: the MaxRelated after it, wrapping around, in order, so that
// every copy is pointed to by some copy and the related locations grow
// linearly with n. A class of at most MaxRelated+1 copies points to every
// other.
func RelatedCopies(n, i int) []int {
	var out []int
	for k := 1; k < n && len(out) < MaxRelated; k++ {
		out = append(out, (i+k)%n)
	}
	slices.Sort(out)
	return out
}

// invocation says whether the run went through (it met no errors) and
// lists its warnings and errors, each at the file and line it names.
func invocation(r *Report) sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: len(r.Errors) == 0}
	for _, n := range notices(r) {
		sn := sarifNotification{Level: n.Level, Message: sarifText{n.Message}}
		if n.File != "" {
			l := fileLocation(n.File)
			if n.Line > 0 {
				l.PhysicalLocation.Region = &sarifRegion{StartLine: n.Line, EndLine: n.Line}
			}
			sn.Locations = []sarifLocation{l}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sn)
	}
	return inv
}

func location(f fingerprint.Fragment) sarifLocation {
	l := fileLocation(f.File)
	l.PhysicalLocation.Region = &sarifRegion{StartLine: f.Start.Line, EndLine: f.End.Line}
	return l
}

func fileLocation(name string) sarifLocation {
	uri, base := fileURI(name)
	return sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base}}}
}

// fileURI turns a report path into a SARIF URI: relative paths are
// relative to the source root (%SRCROOT%), absolute ones become file URIs.
func fileURI(name string) (uri, base string) {
	p := filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // C:/x → /C:/x
		}
		return (&url.URL{Scheme: "file", Path: p}).String(), ""
	}
	p = strings.TrimPrefix(p, "./")
	return (&url.URL{Path: p}).String(), "%SRCROOT%"
}
