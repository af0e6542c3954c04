package fingerprint

import "go/token"

// Logging statements are no edit. A pair whose other differences pass
// drift's limit is a variant written apart (drift.go); a log line one
// copy added (a debug line on entry, an error logged before it is
// returned) changes no behaviour, so it does not count toward that
// limit: harbor's Tencent registry adapter, which logs on entry and
// lacks the `len(paths) < 2` guard of its Volcengine copy, which logs
// its errors, is a pair that drifted.

// loggerNames are the names a logger goes by: a package (log, slog,
// klog, glog, logrus, zap) or a value (logger, l.log, s.Logger).
var loggerNames = hashSet("log", "logger", "Log", "Logger", "slog", "klog", "glog", "logrus", "zap", "zerolog", "logging")

// logVerbs are the methods and functions that write a log line.
var logVerbs = hashSet(
	"Print", "Printf", "Println",
	"Debug", "Debugf", "Debugw", "Debugln", "DebugContext",
	"Info", "Infof", "Infow", "Infoln", "InfoS", "InfoContext",
	"Warn", "Warnf", "Warnw", "Warnln", "Warning", "Warningf", "WarnContext",
	"Error", "Errorf", "Errorw", "Errorln", "ErrorS", "ErrorContext",
	"Trace", "Tracef", "Log", "Logf", "LogAttrs", "Msg", "Msgf", "Send")

// hashSet is the set of the names' hashes.
func hashSet(names ...string) map[uint64]bool {
	m := make(map[uint64]bool, len(names))
	for _, n := range names {
		m[hashBytes([]byte(n))] = true
	}
	return m
}

// logs reports whether the statement of tokens [t0, t1) of f only
// writes a log line: a call chain, named through a logger, whose last
// call is a logging verb (log.Printf(…), s.logger.Debugf(…),
// klog.V(2).Infof(…), log.WithField(…).Error(…), logger.Error().Err(err).Msg(…)).
// A test's t.Errorf is a check, not a log line: t is no logger's name.
func (d *detector) logs(f *File, t0, t1 int32) bool {
	if t1-t0 < 4 || !isName(f.codes[t0]) || token.Token(f.codes[t1-1]) != token.RPAREN {
		return false
	}
	depth := 0
	logger, verb := false, false
	for k := range d.walk(f, t0, t1) {
		switch tok := token.Token(k.c); {
		case tok == token.LPAREN || tok == token.LBRACK:
			depth++
		case tok == token.RPAREN || tok == token.RBRACK:
			depth--
		case tok == token.LBRACE || tok == token.FUNC:
			return false // a function literal, or a composite: more than a line of log
		case depth > 0:
		case tok == token.IDENT:
			logger = logger || loggerNames[k.val]
			verb = logVerbs[k.val] && k.t+1 < t1 && token.Token(f.codes[k.t+1]) == token.LPAREN
		case tok != token.PERIOD:
			return false // an assignment, an operator: not a call chain
		}
	}
	return logger && verb
}
