/**
 * IEEE reference style as a CSL 1.0 style, written for Yumi Studio after the IEEE Reference Guide
 * (numbered citations in order of first use; initials before family names; quoted titles, italic venues).
 * Licensed CC BY-SA 3.0 like the styles of the official CSL repository it follows.
 */
export const IEEE_CSL = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="sort-only">
  <info>
    <title>IEEE (Yumi Studio)</title>
    <id>http://yumi.studio/csl/ieee</id>
    <category citation-format="numeric"/>
    <updated>2026-11-21T00:00:00+00:00</updated>
    <rights license="http://creativecommons.org/licenses/by-sa/3.0/">This work is licensed under a Creative Commons Attribution-ShareAlike 3.0 License</rights>
  </info>
  <macro name="author">
    <names variable="author">
      <name and="text" initialize-with=". " delimiter=", "/>
      <label form="short" prefix=", "/>
      <substitute><names variable="editor"/></substitute>
    </names>
  </macro>
  <macro name="title">
    <choose>
      <if type="book report thesis" match="any"><text variable="title" font-style="italic" suffix=","/></if>
      <else><text variable="title" quotes="true" suffix=","/></else>
    </choose>
  </macro>
  <macro name="locators">
    <group delimiter=", ">
      <text variable="container-title" font-style="italic"/>
      <group delimiter=" "><text term="volume" form="short"/><text variable="volume"/></group>
      <group delimiter=" "><text term="issue" form="short"/><text variable="issue"/></group>
      <group delimiter=" "><label variable="page" form="short"/><text variable="page"/></group>
      <text variable="publisher"/>
      <date variable="issued"><date-part name="month" form="short" suffix=" "/><date-part name="year"/></date>
    </group>
  </macro>
  <citation collapse="citation-number">
    <sort><key variable="citation-number"/></sort>
    <layout delimiter=", " prefix="[" suffix="]"><text variable="citation-number"/></layout>
  </citation>
  <bibliography entry-spacing="0" second-field-align="flush">
    <layout>
      <text variable="citation-number" prefix="[" suffix="] "/>
      <group delimiter=" ">
        <text macro="author" suffix=","/>
        <text macro="title"/>
        <text macro="locators"/>
      </group>
      <choose>
        <if variable="DOI"><text variable="DOI" prefix=", doi: "/></if>
      </choose>
      <text value="."/>
    </layout>
  </bibliography>
</style>`;
