/** The report-page skeleton (docs/adr/0005-report-page.md); its parts live in `./report/`. */
export * from './report';
