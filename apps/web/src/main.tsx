import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import "./index.css";
import { prepareAnnouncer } from "./lib/announce";
import { reloadForNewBuild } from "./lib/new-build";

reloadForNewBuild();
prepareAnnouncer();

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");
createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
