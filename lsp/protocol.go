package lsp

import "encoding/json"

// The subset of the Language Server Protocol (3.17) that copycat uses.

type position struct {
	Line      int `json:"line"`      // 0-based
	Character int `json:"character"` // 0-based, in UTF-16 code units
}

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type location struct {
	URI   string   `json:"uri"`
	Range lspRange `json:"range"`
}

type workspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

type initializeParams struct {
	ProcessID             *int              `json:"processId"`
	RootURI               string            `json:"rootUri"`
	RootPath              string            `json:"rootPath"`
	WorkspaceFolders      []workspaceFolder `json:"workspaceFolders"`
	InitializationOptions json.RawMessage   `json:"initializationOptions"`
	Capabilities          struct {
		Workspace struct {
			Configuration         bool `json:"configuration"`
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
		} `json:"workspace"`
		Window struct {
			WorkDoneProgress bool `json:"workDoneProgress"`
			ShowDocument     struct {
				Support bool `json:"support"`
			} `json:"showDocument"`
		} `json:"window"`
	} `json:"capabilities"`
}

// settings are copycat's options, from initializationOptions or from the
// "copycat" section of workspace/configuration. Missing fields keep their
// values.
type settings struct {
	Severity       string   `json:"severity,omitempty"` // "information" (default), "warning", "hint", "error"
	MinTokens      *int     `json:"minTokens,omitempty"`
	MinLines       *int     `json:"minLines,omitempty"`
	MaxOccurrences *int     `json:"maxOccurrences,omitempty"`
	Near           *bool    `json:"near,omitempty"`
	Similarity     *float64 `json:"similarity,omitempty"`
	Tests          *bool    `json:"tests,omitempty"`
	MaxFileSize    *int64   `json:"maxFileSize,omitempty"`
	MaxFiles       *int     `json:"maxFiles,omitempty"` // the most workspace files indexed
}

type textDocumentItem struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
	Text    string `json:"text"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type contentChange struct {
	Range *lspRange `json:"range,omitempty"` // nil: the whole document
	Text  string    `json:"text"`
}

type didChangeParams struct {
	TextDocument struct {
		URI     string `json:"uri"`
		Version int    `json:"version"`
	} `json:"textDocument"`
	ContentChanges []contentChange `json:"contentChanges"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didChangeWatchedFilesParams struct {
	Changes []struct {
		URI  string `json:"uri"`
		Type int    `json:"type"` // 1 created, 2 changed, 3 deleted
	} `json:"changes"`
}

// Diagnostic severities.
const (
	severityError       = 1
	severityWarning     = 2
	severityInformation = 3
	severityHint        = 4
)

type diagnostic struct {
	Range              lspRange                       `json:"range"`
	Severity           int                            `json:"severity,omitempty"`
	Code               string                         `json:"code,omitempty"`
	Source             string                         `json:"source,omitempty"`
	Message            string                         `json:"message"`
	RelatedInformation []diagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	Data               json.RawMessage                `json:"data,omitempty"`
}

type diagnosticRelatedInformation struct {
	Location location `json:"location"`
	Message  string   `json:"message"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        lspRange               `json:"range"`
	Context      struct {
		Diagnostics []diagnostic `json:"diagnostics"`
		Only        []string     `json:"only,omitempty"` // the kinds of action wanted; all when empty
	} `json:"context"`
}

type command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

type codeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind,omitempty"`
	Diagnostics []diagnostic   `json:"diagnostics,omitempty"`
	Edit        *workspaceEdit `json:"edit,omitempty"`
	Command     *command       `json:"command,omitempty"`
	// Data marks copycat's own actions (actionData), so that the proxy
	// answers their codeAction/resolve and gopls never sees them.
	Data string `json:"data,omitempty"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type executeCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments"`
}

type showMessageParams struct {
	Type    int    `json:"type"` // 1 error, 2 warning, 3 info, 4 log
	Message string `json:"message"`
}

type progressParams struct {
	Token string `json:"token"`
	Value any    `json:"value"`
}

type workDoneBegin struct {
	Kind        string `json:"kind"` // "begin"
	Title       string `json:"title"`
	Message     string `json:"message,omitempty"`
	Percentage  *int   `json:"percentage,omitempty"`
	Cancellable bool   `json:"cancellable"`
}

type workDoneReport struct {
	Kind       string `json:"kind"` // "report"
	Message    string `json:"message,omitempty"`
	Percentage *int   `json:"percentage,omitempty"`
}

type workDoneEnd struct {
	Kind    string `json:"kind"` // "end"
	Message string `json:"message,omitempty"`
}
