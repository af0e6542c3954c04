package lsp

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
)

// A client is the editor as the server sees it: notifications and
// requests go to it, and responses to copycat's own requests come back.
// copycat's request IDs are strings of a prefix of its own, random for
// each process ("copycat-3f9a1c2e-1"), so that in proxy mode they do not
// clash with gopls's (which may be any string) and their responses, known
// by the requests still waiting, are kept from gopls.
type client struct {
	w      *writer
	prefix string

	mu      sync.Mutex
	next    int
	waiting map[string]func(result json.RawMessage, err *rpcError)
}

func newClient(w *writer) *client {
	return &client{w: w, prefix: fmt.Sprintf("copycat-%08x-", rand.Uint32()), waiting: map[string]func(json.RawMessage, *rpcError){}}
}

func (c *client) notify(method string, params any) error { return c.w.notify(method, params) }

// call sends a request; done, if not nil, gets the response.
func (c *client) call(method string, params any, done func(json.RawMessage, *rpcError)) error {
	c.mu.Lock()
	c.next++
	id := fmt.Sprintf("%q", fmt.Sprintf("%s%d", c.prefix, c.next))
	if done == nil {
		done = func(json.RawMessage, *rpcError) {}
	}
	c.waiting[id] = done
	c.mu.Unlock()
	return c.w.request(json.RawMessage(id), method, params)
}

// answers reports whether m is the response to one of copycat's requests
// still waiting for it: an ID of copycat's prefix that this process sent.
func (c *client) answers(m *message) bool {
	if !m.isResponse() {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.waiting[string(m.ID)]
	return ok
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
