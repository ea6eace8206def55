using ServiceDescriptor = Google.Protobuf.Reflection.ServiceDescriptor;
using RpcCompare.Contracts.Grpc;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.Server.Grpc;

/// <summary>
/// The methods of graph.proto's Graph service, built once from its descriptor. Linked into the load client too, so host
/// and client cannot disagree on a path or a message type.
/// </summary>
public static class GraphGrpcMethods
{
    private static readonly ServiceDescriptor Service = GraphReflection.Descriptor.Services[0];

    public static readonly GrpcMethod<PingRequest, PingReply> Ping = Method<PingRequest, PingReply>("Ping");
    public static readonly GrpcMethod<GetLinksRequest, LinkList> GetLinks = Method<GetLinksRequest, LinkList>("GetLinks");
    public static readonly GrpcMethod<GetLinksRequest, LinkList> StreamLinks = Method<GetLinksRequest, LinkList>("StreamLinks");
    public static readonly GrpcMethod<SearchNodesRequest, NodeList> SearchNodes = Method<SearchNodesRequest, NodeList>("SearchNodes");
    public static readonly GrpcMethod<SearchNodesRequest, NodeList> StreamSearchNodes =
        Method<SearchNodesRequest, NodeList>("StreamSearchNodes");
    public static readonly GrpcMethod<PrepareSnapshotRequest, SnapshotInfo> PrepareSnapshot =
        Method<PrepareSnapshotRequest, SnapshotInfo>("PrepareSnapshot");
    public static readonly GrpcMethod<GetRecordsRequest, RecordList> GetRecords = Method<GetRecordsRequest, RecordList>("GetRecords");
    public static readonly GrpcMethod<NewNode, NodeDetails> CreateNode = Method<NewNode, NodeDetails>("CreateNode");
    public static readonly GrpcMethod<ListNodesRequest, NodeList> ListNodes = Method<ListNodesRequest, NodeList>("ListNodes");
    public static readonly GrpcMethod<GetNodeRequest, NodeDetails> GetNode = Method<GetNodeRequest, NodeDetails>("GetNode");
    public static readonly GrpcMethod<GetNeighbourhoodsRequest, NeighbourhoodList> GetNeighbourhoods =
        Method<GetNeighbourhoodsRequest, NeighbourhoodList>("GetNeighbourhoods");

    public static string ServiceName => Service.FullName;

    private static GrpcMethod<TRequest, TResponse> Method<TRequest, TResponse>(string name)
        where TRequest : class, Google.Protobuf.IMessage<TRequest>, new()
        where TResponse : class, Google.Protobuf.IMessage<TResponse>, new() =>
        GrpcMethod<TRequest, TResponse>.FromService(Service, name);
}
