// The links module's public face: what other modules, core and workers may use.
export { countDomainLinks, deleteDomainLinks } from './service';
