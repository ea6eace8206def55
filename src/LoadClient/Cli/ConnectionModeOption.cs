using System.CommandLine;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Cli;

/// <summary>--connection-mode: connections kept for the run (reuse), or one per call (new-per-call, the churn variant).</summary>
public static class ConnectionModeOption
{
    public const string Name = "--connection-mode";

    /// <summary>No default value, so a run that does not ask for churn records no such option in its manifest.</summary>
    public static Option<string?> Create()
    {
        var option = new Option<string?>(Name)
        {
            Description = "reuse (the default): each client keeps its connections for the whole run. new-per-call: every call opens " +
                "a TCP connection of its own and closes it after (with --security tls, a TLS handshake each), as a client that " +
                "does not pool; the clients still keep their HttpClient, GrpcChannel and WCF ChannelFactory. Bytes per request then " +
                "include each connection's set-up (NetTcp's count leaves its TLS handshake out). Refused with --connections above 1; " +
                "see docs/security.md.",
            HelpName = string.Join('|', ResultsFormat.ConnectionMode.All),
        };
        option.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string?>() is { } mode && !ResultsFormat.ConnectionMode.All.Contains(mode))
            {
                r.AddError($"{Name} must be {string.Join(" or ", ResultsFormat.ConnectionMode.All)} (was {mode}).");
            }
        });
        return option;
    }

    /// <summary>Whether the option asks for a new connection per call; absent is reuse.</summary>
    public static bool NewPerCall(string? value) => value == ResultsFormat.ConnectionMode.NewPerCall;

    /// <summary>The one sentence refusing a combination that cannot work, or null.</summary>
    public static string? Refusal(bool newPerCall, int connections) => newPerCall && connections > 1
        ? $"{Name} new-per-call keeps no connection open, so --connections {connections} has none to spread the gRPC calls over; give one or the other."
        : null;
}
