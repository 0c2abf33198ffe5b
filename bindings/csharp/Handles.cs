// SPDX-License-Identifier: MIT
// Handles.cs - SafeHandle subclasses for the library's opaque objects
// (grids, search contexts, batches, path queues, flows, crowds,
// path caches). The runtime frees a
// handle exactly once, after the last native call using it has returned,
// and even when the owner forgets Dispose (the finalizer runs it), so a
// grid can never be freed while a search on another thread still reads it
// through a live call.
using System;
using Microsoft.Win32.SafeHandles;

namespace Lockstar
{
    /// <summary>An ls_grid *; freed with ls_grid_destroy.</summary>
    public sealed class GridHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public GridHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_grid_destroy(handle);
            return true;
        }
    }

    /// <summary>An ls_search *; freed with ls_search_destroy.</summary>
    public sealed class SearchHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public SearchHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_search_destroy(handle);
            return true;
        }
    }

    /// <summary>An ls_batch *; ls_batch_destroy joins its workers.</summary>
    public sealed class BatchHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public BatchHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_batch_destroy(handle);
            return true;
        }
    }

    /// <summary>An ls_queue *; freed with ls_queue_destroy.</summary>
    public sealed class QueueHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public QueueHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_queue_destroy(handle);
            return true;
        }
    }

    /// <summary>An ls_flow *; freed with ls_flow_destroy.</summary>
    public sealed class FlowHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public FlowHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_flow_destroy(handle);
            return true;
        }
    }

    /// <summary>An ls_crowd *; ls_crowd_destroy joins its workers and frees its fields.</summary>
    public sealed class CrowdHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public CrowdHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_crowd_destroy(handle);
            return true;
        }
    }

    /// <summary>An ls_path_cache *; freed with ls_path_cache_destroy.</summary>
    public sealed class PathCacheHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public PathCacheHandle() : base(true) { }
        protected override bool ReleaseHandle()
        {
            Native.ls_path_cache_destroy(handle);
            return true;
        }
    }
}
