package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// cellOutput is the Output of one execute_request: everything it sends has
// that request as parent. A silent request broadcasts nothing.
type cellOutput struct {
	k          *Kernel
	req        *message
	ctx        context.Context // the cell's: Input gives up when it ends
	silent     bool
	allowStdin bool
	count      int

	mu     sync.Mutex
	result *string // text/plain of the execute_result, kept for history
}

func (o *cellOutput) Stream(name, text string) {
	if o.silent || text == "" {
		return
	}
	o.k.publish(o.req, "stream", map[string]any{"name": name, "text": text})
}

func (o *cellOutput) Display(data MIMEBundle, metadata map[string]any, displayID string, update bool) {
	if o.silent {
		return
	}
	msgType := "display_data"
	if update {
		if displayID == "" {
			// update_display_data needs an id to update; show it anew.
			o.k.log.Printf("display update without a display id: sent as display_data")
		} else {
			msgType = "update_display_data"
		}
	}
	transient := map[string]any{}
	if displayID != "" {
		transient["display_id"] = displayID
	}
	o.k.publish(o.req, msgType, map[string]any{
		"data": bundle(data), "metadata": meta(metadata), "transient": transient,
	})
}

func (o *cellOutput) Result(data MIMEBundle, metadata map[string]any) {
	if s, ok := data["text/plain"].(string); ok {
		o.mu.Lock()
		o.result = &s
		o.mu.Unlock()
	}
	if o.silent {
		return
	}
	o.k.publish(o.req, "execute_result", map[string]any{
		"execution_count": o.count, "data": bundle(data), "metadata": meta(metadata),
	})
}

func (o *cellOutput) Clear(wait bool) {
	if o.silent {
		return
	}
	o.k.publish(o.req, "clear_output", map[string]any{"wait": wait})
}

func (o *cellOutput) Input(prompt string, password bool) (string, error) {
	if !o.allowStdin {
		return "", ErrNoStdin
	}
	return o.k.input(o.ctx, o.req, prompt, password)
}

func (o *cellOutput) resultText() *string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.result
}

// input sends input_request on stdin to the client that sent req (the
// stdin DEALER shares the shell DEALER's identity) and waits for the
// input_reply, or for ctx to end.
func (k *Kernel) input(ctx context.Context, req *message, prompt string, password bool) (string, error) {
	k.stdinMu.Lock()
	defer k.stdinMu.Unlock()
	// Replies to prompts abandoned earlier (an interrupted cell) are stale.
	for drained := false; !drained; {
		select {
		case <-k.stdinReplies:
		default:
			drained = true
		}
	}
	id, err := k.send(k.stdin, req.ids, req, "input_request", map[string]any{"prompt": prompt, "password": password})
	if err != nil {
		return "", err
	}
	for {
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("kernel: input: %w", context.Cause(ctx))
		case r := <-k.stdinReplies:
			// jupyter_client sends input_reply without a parent header, so
			// only a reply naming another request is known to be stale.
			if r.parentID != "" && r.parentID != id {
				k.log.Printf("stdin: input_reply to %q, not to the pending %q: dropped", r.parentID, id)
				continue
			}
			var c struct {
				Value string `json:"value"`
			}
			if err := json.Unmarshal(r.content, &c); err != nil {
				return "", fmt.Errorf("kernel: input_reply: %w", err)
			}
			return c.Value, nil
		}
	}
}

// bundle and meta send nil maps as {} (the spec wants objects).
func bundle(b MIMEBundle) MIMEBundle {
	if b == nil {
		return MIMEBundle{}
	}
	return b
}

func meta(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}
