package fingerprint

// stopped reports whether Options.Done is closed: the caller no longer
// wants the result, so the remaining work is skipped. Detection checks it
// before each item of its parallel loops and between its phases.
func (d *detector) stopped() bool {
	select {
	case <-d.opt.Done:
		return true
	default:
		return false
	}
}
