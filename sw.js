const CACHE = "__CACHE_NAME__";
const PRECACHE = /*__PRECACHE__*/[];
