using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;

namespace RpcCompare.Server.Common;

/// <summary>
/// The named listening endpoints of a host. Kestrel writes the port it bound back into each ListenOptions, so a host started
/// on port 0 can tell the load client where each endpoint ended up.
/// </summary>
public sealed class HostEndpoints
{
    private readonly List<(string Name, string Scheme, string Path, ListenOptions Options)> _endpoints = [];

    private readonly List<(string Name, HttpProtocols Protocols)> _secure = [];

    public void Add(string name, string scheme, ListenOptions options, string path = "") =>
        _endpoints.Add((name, scheme, path, options));

    /// <summary>The endpoints served over TLS, with the HTTP versions ALPN offers on each.</summary>
    public IReadOnlyList<(string Name, HttpProtocols Protocols)> Secure => _secure;

    public void AddSecure(string name, HttpProtocols protocols) => _secure.Add((name, protocols));

    /// <summary>Name -> address, e.g. grpc -> http://127.0.0.1:41234, nettcp -> net.tcp://127.0.0.1:41235/graph.</summary>
    public IReadOnlyDictionary<string, string> Addresses() => _endpoints.ToDictionary(
        e => e.Name,
        e => $"{e.Scheme}://{Format(e.Options.IPEndPoint!)}{e.Path}",
        StringComparer.Ordinal);

    private static string Format(IPEndPoint endPoint) =>
        endPoint.Address.AddressFamily == System.Net.Sockets.AddressFamily.InterNetworkV6
            ? $"[{endPoint.Address}]:{endPoint.Port}"
            : $"{endPoint.Address}:{endPoint.Port}";
}
