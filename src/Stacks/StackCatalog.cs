namespace RpcCompare.Stacks;

/// <summary>
/// The stacks compared, in their default measuring order. The first four are the study's comparison and run by default;
/// the stacks after them (the roads teams take off WCF) run when --stacks names them, so the main command's run time
/// stays that of the study. A stack is named for its framework; where a framework
/// has several transports, the one measured shows in its endpoint: WCF is measured over its NetTcp binding only
/// (scheme net.tcp, endpoint "nettcp", served by src/Protocols/NetTcp), so "NetTcp" in the code always means that
/// binding and "wcf" the stack.
/// </summary>
public static class StackCatalog
{
    public const string Grpc = "grpc";
    public const string Wcf = "wcf";
    public const string Rest = "rest";
    public const string GraphQl = "graphql";
    public const string GrpcCodeFirst = "grpc-codefirst";
    public const string GrpcJson = "grpc-json";
    public const string WcfHttp = "wcf-http";
    public const string GrpcWeb = "grpc-web";

    public static IReadOnlyList<StackDefinition> All { get; } =
    [
        new(Grpc, "gRPC", 7001, Streaming: true, SingleRequestPage: false, "http", EndpointNames.Grpc),
        new(Wcf, "WCF", 7002, Streaming: false, SingleRequestPage: false, "net.tcp", EndpointNames.NetTcp),
        new(Rest, "REST", 7003, Streaming: true, SingleRequestPage: false, "http", EndpointNames.Http, EndpointNames.H2c),
        new(GraphQl, "GraphQL", 7004, Streaming: false, SingleRequestPage: true, "http", EndpointNames.Http),
        new(GrpcCodeFirst, "gRPC code-first", 7005, Streaming: true, SingleRequestPage: false, "http", EndpointNames.Grpc, InDefaultRun: false),
        // The gRPC stack's service as REST+JSON (gRPC JSON transcoding): server streams arrive as newline-delimited JSON.
        new(GrpcJson, "gRPC JSON", 7006, Streaming: true, SingleRequestPage: false, "http", EndpointNames.Http, InDefaultRun: false),
        // The WCF stack's contract as SOAP 1.1 over HTTP/1.1 (BasicHttpBinding's text encoding, served by SoapCore): buffered only.
        new(WcfHttp, "WCF HTTP", 7007, Streaming: false, SingleRequestPage: false, "http", EndpointNames.Http, InDefaultRun: false),
        // The gRPC stack's service over HTTP/1.1 (gRPC-Web), the road for clients that cannot speak HTTP/2 gRPC.
        new(GrpcWeb, "gRPC-Web", 7008, Streaming: true, SingleRequestPage: false, "http", EndpointNames.Http, InDefaultRun: false),
    ];

    /// <summary>Every stack's id, in the default order.</summary>
    public static IReadOnlyList<string> Ids { get; } = [.. All.Select(s => s.Id)];

    /// <summary>The stacks a run measures when --stacks is not given: the four of the study.</summary>
    public static IReadOnlyList<string> DefaultIds { get; } = [.. All.Where(s => s.InDefaultRun).Select(s => s.Id)];

    /// <summary>The stack with this id, or null for a name that is not one of the catalog's.</summary>
    public static StackDefinition? Find(string id) => All.FirstOrDefault(s => s.Id == id);

    /// <summary>The stack with this id; an unknown id is a programming error, not user input.</summary>
    public static StackDefinition Get(string id) =>
        Find(id) ?? throw new ArgumentException($"'{id}' is not a stack; the stacks are {string.Join(", ", Ids)}.", nameof(id));

    /// <summary>"gRPC" for "grpc", "gRPC (replica 2)" for a replica (<see cref="StackReplica"/>); a name that is no stack (a
    /// stack of an older or newer results file) as it is.</summary>
    public static string DisplayName(string id) => Find(id)?.DisplayName ?? StackReplica.DisplayName(id) ?? id;
}
