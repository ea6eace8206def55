namespace RpcCompare.Reports.Results;

/// <summary>The constants of the results-folder format (docs/reports.md and the results-format brief).</summary>
public static class ResultsFormat
{
    /// <summary>The formatVersion this build writes: 2 added trials (summary entries' trials, the manifest's trials).</summary>
    public const int Version = 2;

    /// <summary>The formatVersions this build reads: a format-1 folder reads as one trial.</summary>
    public static IReadOnlyList<int> ReadableVersions { get; } = [1, 2];

    public static class RunStatus
    {
        public const string Running = "running";
        public const string Complete = "complete";
        public const string Interrupted = "interrupted";
        public const string Failed = "failed";

        public static IReadOnlyList<string> All { get; } = [Running, Complete, Interrupted, Failed];
    }

    public static class EntryStatus
    {
        public const string Ok = "ok";
        public const string Failed = "failed";
        public const string Interrupted = "interrupted";
        public const string Skipped = "skipped";

        public static IReadOnlyList<string> All { get; } = [Ok, Failed, Interrupted, Skipped];
    }

    public static class LoadModel
    {
        public const string Closed = "closed";
        public const string Open = "open";

        public static IReadOnlyList<string> All { get; } = [Closed, Open];
    }

    /// <summary>How a run's network was emulated: not at all (loopback), or by the project's relay process in front of each host.</summary>
    public static class NetworkMechanism
    {
        public const string None = "none";
        public const string Relay = "relay";

        public static IReadOnlyList<string> All { get; } = [None, Relay];
    }

    /// <summary>The run's transport security (--security): cleartext, or TLS on every stack.</summary>
    public static class SecurityMode
    {
        public const string None = "none";
        public const string Tls = "tls";

        public static IReadOnlyList<string> All { get; } = [None, Tls];
    }

    /// <summary>How the clients hold their connections (--connection-mode), recorded among the manifest's options under
    /// <see cref="OptionKey"/> when it is not <see cref="Reuse"/>.</summary>
    public static class ConnectionMode
    {
        public const string OptionKey = "connection-mode";
        public const string Reuse = "reuse";
        public const string NewPerCall = "new-per-call";

        public static IReadOnlyList<string> All { get; } = [Reuse, NewPerCall];
    }

    /// <summary>The values of SummaryEntry.limitsHit.</summary>
    public static class Limits
    {
        /// <summary>The hosts' Npgsql pool was full at some point of the window.</summary>
        public const string NpgsqlPool = "npgsql-pool";

        /// <summary>At least one call ran past --request-timeout.</summary>
        public const string RequestTimeout = "request-timeout";

        /// <summary>The load client kept its CPUs at least <see cref="ClientBoundPercent"/> busy: the throughput is a lower
        /// bound of the stack's, and no ranking may rest on it.</summary>
        public const string ClientBound = "client-bound";

        public const double ClientBoundPercent = 90;
    }

    /// <summary>The keys of SummaryEntry.errorsByKind.</summary>
    public static class ErrorKinds
    {
        public const string Timeout = "timeout";
        public const string Refused = "refused";
        public const string Protocol = "protocol";
        public const string Server = "server";
        public const string NotFound = "not-found";
        public const string InvalidArgument = "invalid-argument";
        public const string Cancelled = "cancelled";
        public const string WritesDisabled = "writes-disabled";
        public const string DbPool = Stacks.FailureCauses.DbPool;
        public const string DbTimeout = Stacks.FailureCauses.DbTimeout;
        public const string OverLimit = "over-limit";
        public const string Other = "other";

        public static IReadOnlyList<string> All { get; } =
            [Timeout, Refused, Protocol, Server, NotFound, InvalidArgument, Cancelled, WritesDisabled, DbPool, DbTimeout, OverLimit, Other];
    }
}
