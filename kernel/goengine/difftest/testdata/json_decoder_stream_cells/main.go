// A json.Decoder reading a stream of values into cell structs, into any,
// and back out through an Encoder; Token-level reading of an array.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type Reading struct {
	Sensor string   `json:"sensor"`
	Value  float64  `json:"value"`
	Tags   []string `json:"tags,omitempty"`
}

func (r Reading) String() string { return fmt.Sprintf("%s=%.1f", r.Sensor, r.Value) }

type Batch struct {
	ID       int       `json:"id"`
	Readings []Reading `json:"readings"`
	Meta     any       `json:"meta"`
}

const stream = `{"sensor":"t1","value":21.5}
{"sensor":"t2","value":19.25,"tags":["north"]}
{"sensor":"h1","value":55}`

func main() {
	dec := json.NewDecoder(strings.NewReader(stream))
	var all []Reading
	for dec.More() {
		var r Reading
		if err := dec.Decode(&r); err != nil {
			fmt.Println("error:", err)
			return
		}
		all = append(all, r)
	}
	fmt.Println(all, len(all))

	enc := json.NewEncoder(os.Stdout)
	b := Batch{ID: 7, Readings: all[:2], Meta: map[string]any{"first": all[0], "n": len(all)}}
	if err := enc.Encode(b); err != nil {
		fmt.Println("encode:", err)
	}

	var back Batch
	data, _ := json.Marshal(b)
	if err := json.Unmarshal(data, &back); err != nil {
		fmt.Println("unmarshal:", err)
	}
	fmt.Println(back.ID, back.Readings, back.Meta)

	var generic any
	json.Unmarshal([]byte(`[1, "two", {"three": [3]}, null, true]`), &generic)
	fmt.Printf("%v %T\n", generic, generic.([]any)[0])

	tok := json.NewDecoder(strings.NewReader(`[{"sensor":"a","value":1},{"sensor":"b","value":2}]`))
	if _, err := tok.Token(); err != nil {
		fmt.Println(err)
	}
	for tok.More() {
		var r Reading
		tok.Decode(&r)
		fmt.Print(r, ";")
	}
	fmt.Println()
	_, err := json.NewDecoder(strings.NewReader(`{"sensor": 5}`)).Token()
	fmt.Println(err)
	var bad Reading
	err = json.Unmarshal([]byte(`{"sensor": 5}`), &bad)
	fmt.Println(err)

	// The error names the struct whose field it is, and the path.
	var nested Batch
	err = json.Unmarshal([]byte(`{"id": 1, "readings": [{"sensor": "a", "value": "high"}]}`), &nested)
	fmt.Println(err)
	var station struct {
		Located
		Latest map[string]Reading
	}
	err = json.Unmarshal([]byte(`{"lat": "north"}`), &station)
	fmt.Println(err)
	err = json.NewDecoder(strings.NewReader(`{"Latest": {"x": {"tags": [1]}}}`)).Decode(&station)
	fmt.Println(err)
}

type Located struct {
	Lat float64 `json:"lat"`
}
