/**
 * MLA (9th edition) as a CSL 1.0 style, written for Yumi Studio after the MLA Handbook: author-page
 * in-text citations and a Works Cited list. Licensed CC BY-SA 3.0 like the official CSL repository's styles.
 */
export const MLA_CSL = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="never">
  <info>
    <title>Modern Language Association 9th edition (Yumi Studio)</title>
    <id>http://yumi.studio/csl/mla</id>
    <category citation-format="author"/>
    <updated>2026-11-21T00:00:00+00:00</updated>
    <rights license="http://creativecommons.org/licenses/by-sa/3.0/">This work is licensed under a Creative Commons Attribution-ShareAlike 3.0 License</rights>
  </info>
  <macro name="author">
    <names variable="author">
      <name name-as-sort-order="first" and="text" delimiter=", " delimiter-precedes-last="always" et-al-min="3" et-al-use-first="1"/>
      <substitute><names variable="editor"/><text variable="title" quotes="true"/></substitute>
    </names>
  </macro>
  <macro name="author-short">
    <names variable="author">
      <name form="short" and="text" delimiter=", " et-al-min="3" et-al-use-first="1"/>
      <substitute><names variable="editor"/><text variable="title" form="short" quotes="true"/></substitute>
    </names>
  </macro>
  <macro name="title">
    <choose>
      <if type="book report thesis" match="any"><text variable="title" font-style="italic"/></if>
      <else><text variable="title" quotes="true" text-case="title"/></else>
    </choose>
  </macro>
  <macro name="container">
    <group delimiter=", ">
      <text variable="container-title" font-style="italic"/>
      <text variable="volume" prefix="vol. "/>
      <text variable="issue" prefix="no. "/>
      <text variable="publisher"/>
      <date variable="issued"><date-part name="year"/></date>
      <group delimiter=" "><label variable="page" form="short"/><text variable="page"/></group>
    </group>
  </macro>
  <citation disambiguate-add-givenname="true">
    <layout prefix="(" suffix=")" delimiter="; ">
      <group delimiter=" ">
        <text macro="author-short"/>
        <text variable="locator"/>
      </group>
    </layout>
  </citation>
  <bibliography hanging-indent="true" entry-spacing="0">
    <sort><key macro="author"/><key variable="title"/></sort>
    <layout suffix=".">
      <group delimiter=". ">
        <text macro="author"/>
        <text macro="title"/>
        <text macro="container"/>
      </group>
      <choose>
        <if variable="DOI"><text variable="DOI" prefix=". https://doi.org/"/></if>
      </choose>
    </layout>
  </bibliography>
</style>`;
