package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
)

// A client is the editor as the server sees it: notifications and
// requests go to it, and responses to copycat's own requests come back.
// copycat's request IDs are strings starting with "copycat-", so that in
// proxy mode they never clash with gopls's and their responses can be kept
// from gopls.
type client struct {
	w *writer

	mu      sync.Mutex
	next    int
	waiting map[string]func(result json.RawMessage, err *rpcError)
}

func newClient(w *writer) *client {
	return &client{w: w, waiting: map[string]func(json.RawMessage, *rpcError){}}
}

func (c *client) notify(method string, params any) error { return c.w.notify(method, params) }

// call sends a request; done, if not nil, gets the response.
func (c *client) call(method string, params any, done func(json.RawMessage, *rpcError)) error {
	c.mu.Lock()
	c.next++
	id := fmt.Sprintf("%q", fmt.Sprintf("copycat-%d", c.next))
	if done != nil {
		c.waiting[id] = done
	}
	c.mu.Unlock()
	return c.w.request(json.RawMessage(id), method, params)
}

// isOurs reports whether a response answers one of copycat's requests.
func isOurs(m *message) bool {
	return m.isResponse() && strings.HasPrefix(string(m.ID), `"copycat-`)
}

// handleResponse passes a response to the request's callback.
func (c *client) handleResponse(m *message) {
	c.mu.Lock()
	done := c.waiting[string(m.ID)]
	delete(c.waiting, string(m.ID))
	c.mu.Unlock()
	if done != nil {
		done(m.Result, m.Error)
	}
}
