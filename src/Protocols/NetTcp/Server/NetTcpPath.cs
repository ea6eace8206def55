namespace RpcCompare.Protocols.NetTcp;

/// <summary>Endpoint path matching for the Via record: case-insensitive, trailing slash ignored, like WCF's address table.</summary>
internal static class NetTcpPath
{
    public static string Normalize(string path)
    {
        var trimmed = path.Trim().TrimEnd('/');
        return trimmed.StartsWith('/') ? trimmed : "/" + trimmed;
    }

    public static bool Matches(string endpointPath, string? uri) =>
        Uri.TryCreate(uri, UriKind.Absolute, out var parsed)
        && string.Equals(parsed.Scheme, "net.tcp", StringComparison.OrdinalIgnoreCase)
        && string.Equals(Normalize(Uri.UnescapeDataString(parsed.AbsolutePath)), endpointPath, StringComparison.OrdinalIgnoreCase);
}
