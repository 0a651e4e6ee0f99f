// culab patch 88: an embedded cell struct, or a pointer to one, is an
// embedded field of the reflect type among other fields: json promotes
// its fields.
package main

import (
	"encoding/json"
	"fmt"
	"sync"
)

type Base struct {
	ID   int    `json:"id"`
	Kind string `json:"kind,omitempty"`
}

func (b Base) Describe() string { return fmt.Sprint("base ", b.ID) }

type Audit struct{ By string }

type Doc struct {
	Base
	*Audit
	Title string
	mu    sync.Mutex
}

type Wrapper struct {
	Doc
	Extra int
}

func main() {
	d := Doc{Base: Base{ID: 1}, Audit: &Audit{"ann"}, Title: "t"}
	b, err := json.Marshal(&d)
	fmt.Println(string(b), err)
	w := Wrapper{Doc: Doc{Base: Base{ID: 2, Kind: "k"}, Title: "w"}, Extra: 3}
	b, _ = json.Marshal(w)
	fmt.Println(string(b))
	var back Wrapper
	err = json.Unmarshal([]byte(`{"id":9,"kind":"x","By":"bob","Title":"z","Extra":4}`), &back)
	fmt.Println(back.ID, back.Kind, back.By, back.Title, back.Extra, err)
	fmt.Println(back.Describe(), d.Describe(), w.ID, w.Doc.Base.Kind)
	d.mu.Lock()
	d.ID++
	d.mu.Unlock()
	fmt.Printf("%+v %v\n", d.Base, back.Base)
}

// Output:
// {"id":1,"By":"ann","Title":"t"} <nil>
// {"id":2,"kind":"k","Title":"w","Extra":3}
// 9 x bob z 4 <nil>
// base 9 base 1 2 k
// {ID:2 Kind:} {9 x}
