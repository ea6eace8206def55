using System.Text;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Charts;

/// <summary>
/// Fixed colours per stack, so gRPC is the same blue in every chart and every report. The named stacks' are from
/// the Okabe-Ito palette, which stays distinguishable for the common forms of colour blindness.
/// </summary>
public static class StackStyle
{
    private static readonly string[] Others = ["#000000", "#F0E442", "#882255", "#44AA99"];
    private static readonly string[] Dashes = ["6 3", "2 3", "9 3 2 3", "4 4"];

    public static string Color(string stack) => stack switch
    {
        StackCatalog.Grpc => "#0072B2",
        StackCatalog.Wcf => "#D55E00",
        StackCatalog.Rest => "#009E73",
        StackCatalog.GraphQl => "#CC79A7",
        // gRPC's lighter blue: the same transport, another contract and serializer.
        StackCatalog.GrpcCodeFirst => "#56B4E9",
        // Orange: gRPC's service seen through JSON, next to REST's green.
        StackCatalog.GrpcJson => "#E69F00",
        // WCF's vermillion, darker: the same contract and service over SOAP text on HTTP.
        StackCatalog.WcfHttp => "#8F3A00",
        // Grey: gRPC's own service over HTTP/1.1, the road for clients that cannot speak HTTP/2.
        StackCatalog.GrpcWeb => "#999999",
        _ => Others[StableIndex(stack, Others.Length)],
    };

    /// <summary>"gRPC" or "gRPC (stream)".</summary>
    public static string DisplayName(string stack, string variant) =>
        variant.Length == 0 ? StackCatalog.DisplayName(stack) : $"{StackCatalog.DisplayName(stack)} ({variant})";

    /// <summary>Solid for the first variant of a stack, then distinct dash patterns.</summary>
    public static string? Dash(int variantIndex) => variantIndex <= 0 ? null : Dashes[(variantIndex - 1) % Dashes.Length];

    private static int StableIndex(string text, int modulo)
    {
        var hash = 2166136261u;
        foreach (var b in Encoding.UTF8.GetBytes(text))
        {
            hash = (hash ^ b) * 16777619u;
        }

        return (int)(hash % (uint)modulo);
    }
}
