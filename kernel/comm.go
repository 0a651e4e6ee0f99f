package kernel

import (
	"context"
	"encoding/json"
	"sort"
	"sync"
)

// CommMessage is one message of a comm (Jupyter's comm_open, comm_msg and
// comm_close), in either direction. The core knows comms by id and target
// only; what Data means is the engine's business.
type CommMessage struct {
	// Type is "open", "msg" or "close".
	Type   string `json:"type"`
	CommID string `json:"comm_id"`
	// Target is the target name of an open.
	Target string `json:"target,omitempty"`
	// Data is the content's data, a JSON object ({} when empty).
	Data json.RawMessage `json:"data,omitempty"`
	// Metadata is the message's metadata (the widget protocol puts its
	// version there).
	Metadata map[string]any `json:"metadata,omitempty"`
	// Buffers are the binary buffers after the message's frames.
	Buffers [][]byte `json:"buffers,omitempty"`

	// Set by the core on messages from the front end:
	// MsgID is the message's msg_id, the parent of what handling it
	// outputs (an Output widget captures by it).
	MsgID string `json:"msg_id,omitempty"`
	// Queued says that other shell requests wait behind this one: an
	// engine may put off work that a later message would redo.
	Queued bool `json:"queued,omitempty"`
}

// Comms is an Engine that takes part in comms. The core calls StartComms
// once, before serving; Comm like Execute, one request at a time.
type Comms interface {
	// StartComms gives the engine the hub through which it sends comm
	// messages when no request of the front end is being handled (a
	// goroutine's widget update between cells).
	StartComms(hub CommHub)
	// Comm handles a comm message of the front end as Execute runs a cell:
	// what its handlers output goes to out, ctx is cancelled when it is
	// interrupted. An error for an open refuses the comm: the core closes it
	// for the front end (as ipykernel does for an unknown target).
	Comm(ctx context.Context, msg CommMessage, out Output) error
}

// CommOutput is an Output that also carries the engine's comm messages,
// in order with the rest of the output of the request being handled.
type CommOutput interface {
	Comm(msg CommMessage)
}

// CommHub is the core's side of comms.
type CommHub interface {
	// Send sends a comm message of the engine to the front end.
	Send(msg CommMessage)
	// CloseAll closes every open comm for the front end: the engine lost
	// them (its process ended).
	CloseAll()
}

// comms tracks the open comms, by id, with their target: comm_info_request
// lists them, messages for others are ignored, and they are closed for the
// front end when the engine goes.
type comms struct {
	mu   sync.Mutex
	open map[string]string
}

func (c *comms) add(id, target string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open == nil {
		c.open = map[string]string{}
	}
	c.open[id] = target
}

// remove forgets id and reports whether it was open.
func (c *comms) remove(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.open[id]
	delete(c.open, id)
	return ok
}

func (c *comms) isOpen(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.open[id]
	return ok
}

// list is comm_info_reply's comms, of target (all when "").
func (c *comms) list(target string) map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]any{}
	for id, t := range c.open {
		if target == "" || t == target {
			out[id] = map[string]any{"target_name": t}
		}
	}
	return out
}

// takeAll forgets every open comm and returns their ids, sorted.
func (c *comms) takeAll() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ids := make([]string, 0, len(c.open))
	for id := range c.open {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	c.open = nil
	return ids
}

// commHub is the CommHub the core gives the engine: messages go out with
// the request being handled, or the last one, as parent (ipykernel's
// behaviour for output from threads).
type commHub struct{ k *Kernel }

func (h commHub) Send(msg CommMessage) { h.k.sendComm(h.k.currentParent(), msg) }

func (h commHub) CloseAll() { h.k.closeComms(h.k.currentParent()) }

// commContent is the content of comm_open, comm_msg and comm_close.
type commContent struct {
	CommID     string          `json:"comm_id"`
	TargetName string          `json:"target_name,omitempty"`
	Data       json.RawMessage `json:"data"`
}

// sendComm publishes an engine's comm message on iopub with parent, and
// keeps the open comms up to date.
func (k *Kernel) sendComm(parent *message, msg CommMessage) {
	data := msg.Data
	if len(data) == 0 || !isObject(data) {
		data = json.RawMessage("{}")
	}
	c := commContent{CommID: msg.CommID, Data: data}
	var msgType string
	switch msg.Type {
	case "open":
		msgType, c.TargetName = "comm_open", msg.Target
		k.comms.add(msg.CommID, msg.Target)
	case "msg":
		if !k.comms.isOpen(msg.CommID) {
			k.log.Printf("comm_msg for comm %s, which is not open: dropped", msg.CommID)
			return
		}
		msgType = "comm_msg"
	case "close":
		if !k.comms.remove(msg.CommID) {
			return // closed already (by the front end)
		}
		msgType = "comm_close"
	default:
		k.log.Printf("the engine sent a comm message of type %q: dropped", msg.Type)
		return
	}
	meta := msg.Metadata
	if meta == nil {
		meta = map[string]any{}
	}
	topic := []byte("kernel." + k.session + "." + msgType)
	_, _ = k.sendWith(k.iopub, [][]byte{topic}, parent, msgType, meta, c, msg.Buffers)
}

// closeComms closes every open comm for the front end.
func (k *Kernel) closeComms(parent *message) {
	for _, id := range k.comms.takeAll() {
		k.publish(parent, "comm_close", map[string]any{"comm_id": id, "data": map[string]any{}})
	}
}

// comm serves comm_open, comm_msg and comm_close from the front end. A
// message for a comm that is not open is ignored, and an open that the
// engine refuses (or an engine without comms) is closed, as ipykernel does.
func (k *Kernel) comm(ctx context.Context, m *message) {
	var req struct {
		CommID     string          `json:"comm_id"`
		TargetName string          `json:"target_name"`
		Data       json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(m.content, &req); err != nil || req.CommID == "" {
		k.log.Printf("%s without a comm_id: ignored", m.header.MsgType)
		return
	}
	msg := CommMessage{CommID: req.CommID, Target: req.TargetName, Data: req.Data, Buffers: m.buffers,
		MsgID: m.header.MsgID, Queued: len(k.queue) > 0}
	if len(m.metadata) > 0 {
		_ = json.Unmarshal(m.metadata, &msg.Metadata)
	}
	eng, _ := k.eng.(Comms)
	switch m.header.MsgType {
	case "comm_open":
		msg.Type = "open"
		if eng == nil {
			k.log.Printf("comm_open: no comm target %q; closing comm %s", req.TargetName, req.CommID)
			k.publish(m, "comm_close", map[string]any{"comm_id": req.CommID, "data": map[string]any{}})
			return
		}
		// Open first, so that what the target's handler sends on it goes out.
		k.comms.add(req.CommID, req.TargetName)
	case "comm_msg":
		msg.Type = "msg"
		if eng == nil || !k.comms.isOpen(req.CommID) {
			k.log.Printf("comm_msg for comm %s, which is not open: ignored", req.CommID)
			return
		}
	case "comm_close":
		msg.Type = "close"
		if eng == nil || !k.comms.remove(req.CommID) {
			k.log.Printf("comm_close for comm %s, which is not open: ignored", req.CommID)
			return
		}
	}
	var err error
	k.runEngine(ctx, m, false, func(ctx context.Context, out *cellOutput) {
		err = eng.Comm(ctx, msg, out)
	})
	if err != nil {
		k.log.Printf("%s %s: %v", m.header.MsgType, req.CommID, err)
		if msg.Type == "open" && k.comms.remove(req.CommID) {
			k.publish(m, "comm_close", map[string]any{"comm_id": req.CommID, "data": map[string]any{}})
		}
	}
}

// commInfo answers comm_info_request with the open comms (of target_name,
// when given).
func (k *Kernel) commInfo(m *message) {
	var req struct {
		TargetName string `json:"target_name"`
	}
	_ = json.Unmarshal(m.content, &req)
	k.reply(k.shell, m, "comm_info_reply", map[string]any{"status": "ok", "comms": k.comms.list(req.TargetName)})
}

// Comm sends a comm message of a running request's handling, parented to
// that request, in order with its other output. Comm messages go out even
// for a silent request: the front end's widgets need them.
func (o *cellOutput) Comm(msg CommMessage) { o.k.sendComm(o.req, msg) }
