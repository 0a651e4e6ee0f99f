// encoding/xml of cell structs: Marshal, an Encoder with indentation,
// attributes and nested elements, and Unmarshal back.
package main

import (
	"encoding/xml"
	"fmt"
	"os"
)

type Address struct {
	City  string `xml:"city"`
	State string `xml:"state,attr"`
}

type Person struct {
	XMLName xml.Name `xml:"person"`
	ID      int      `xml:"id,attr"`
	Name    string   `xml:"name"`
	Emails  []string `xml:"email"`
	Addr    Address  `xml:"address"`
	Comment string   `xml:",comment"`
}

func main() {
	p := Person{ID: 13, Name: "Ada", Emails: []string{"ada@example.com", "a@x.org"}, Addr: Address{"London", "LDN"}, Comment: " first "}
	out, err := xml.MarshalIndent(p, "", "  ")
	fmt.Println(string(out), err)

	enc := xml.NewEncoder(os.Stdout)
	enc.Indent("", " ")
	if err := enc.Encode(Address{"Paris", "IDF"}); err != nil {
		fmt.Println(err)
	}
	fmt.Println()

	var q Person
	err = xml.Unmarshal(out, &q)
	fmt.Println(q.ID, q.Name, q.Emails, q.Addr.City, q.Addr.State, err)

	// Elements named by their types: a pointer, a slice, nil skipped.
	out, err = xml.Marshal(&Address{"Rome", "LAZ"})
	fmt.Println(string(out), err)
	out, err = xml.Marshal([]*Address{{"Oslo", "OS"}, nil, {"Bern", "BE"}})
	fmt.Println(string(out), err)
	var a Address
	err = xml.Unmarshal([]byte(`<Address state="X"><city>Y</city></Address>`), &a)
	fmt.Println(a, err)
}
